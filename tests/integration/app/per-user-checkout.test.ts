/**
 * The per-user and legacy checkout (issue 10; 001 §2, §4): the pages'
 * access and query rules, the options step's users, and the legacy users
 * page, through the app's loaders and actions against the backend.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as options from "~/routes/$workspaceId.$workspaceSlug+/checkout+/_index";
import * as summary from "~/routes/$workspaceId.$workspaceSlug+/checkout+/summary";
import * as information from "~/routes/$workspaceId.$workspaceSlug+/checkout+/information";
import * as cannotDowngrade from "~/routes/$workspaceId.$workspaceSlug+/checkout+/cannot-downgrade";
import * as legacyUsers from "~/routes/$workspaceId.$workspaceSlug+/checkout+/legacy.users";
import { externalLinks } from "~/domain/external-links";
import { IDEMPOTENCY_FIELD, newIdempotencyKey } from "~/domain/idempotency";
import { PERSONAS, SPACES } from "../../../backend/src/db/seed/personas";
import { slugify } from "../../../backend/src/domain/slug";
import { CROWD_CO, crowdOf, writeCrowdedSpace } from "../../support/crowded-space";
import { asPersona, pathOf } from "../support/space-pages";
import { loaderData, redirectTarget, startAppBillingStack, statusOf } from "../support/app";
import { renderPage, textOf } from "../support/render-page";

let stack: Awaited<ReturnType<typeof startAppBillingStack>>;
beforeAll(async () => {
  stack = await startAppBillingStack();
});
afterAll(() => stack?.close());

const as = (email: string) => asPersona(stack.backend, email);

describe("per-user checkout query rules (001 §4)", () => {
  it("sends a change of plan and cycle at once, and a cycle change while one is scheduled, to billing with its flag", async () => {
    const priya = await as(PERSONAS.premium.email);
    expect(redirectTarget(await priya.get(options, SPACES.bigco, "checkout?plan=PRO&interval=MONTHLY"))).toBe(
      `${pathOf(SPACES.bigco, "space/billing")}?cannot-update-subscription-plan-and-interval=true`,
    );
    const tia = await as(PERSONAS.tia.email);
    expect(redirectTarget(await tia.get(summary, SPACES.tidalOne, "checkout/summary?plan=PRO&interval=MONTHLY"))).toBe(
      `${pathOf(SPACES.tidalOne, "space/billing")}?cannot-change-billing-cycle-when-scheduled=true`,
    );
  });

  it("sends a summary without plan and cycle, or changing nothing, to /checkout", async () => {
    const priya = await as(PERSONAS.premium.email);
    expect(redirectTarget(await priya.get(summary, SPACES.bigco, "checkout/summary"))).toBe(
      `${pathOf(SPACES.bigco, "checkout")}?plan=PRO&interval=YEARLY`,
    );
    expect(
      redirectTarget(await priya.get(summary, SPACES.bigco, "checkout/summary?plan=PREMIUM&interval=YEARLY")),
    ).toBe(`${pathOf(SPACES.bigco, "checkout")}?plan=PREMIUM&interval=YEARLY`);
  });

  it("sends an information step or a cannot-downgrade notice without plan and cycle to /checkout", async () => {
    const june = await as(PERSONAS.june.email);
    expect(redirectTarget(await june.get(information, SPACES.juniperCo, "checkout/information"))).toBe(
      `${pathOf(SPACES.juniperCo, "checkout")}?plan=PRO&interval=YEARLY&paid=${PERSONAS.june.id}`,
    );
    const dora = await as(PERSONAS.dora.email);
    expect(redirectTarget(await dora.get(cannotDowngrade, SPACES.deltaGroup, "checkout/cannot-downgrade"))).toBe(
      `${pathOf(SPACES.deltaGroup, "checkout")}?plan=PRO&interval=YEARLY`,
    );
  });

  it("sends a per-seat space's per-user pages on: a domain user to details, the others to billing", async () => {
    const owner = await as(PERSONAS.owner.email);
    expect(redirectTarget(await owner.get(summary, SPACES.acmeMarketing, "checkout/summary"))).toBe(
      pathOf(SPACES.acmeMarketing, "space/billing"),
    );
  });
});

describe("a plan or cycle that is neither missing nor valid (issue 25: a broken link)", () => {
  it("goes back to billing from every per-user step, never proposing a change", async () => {
    const priya = await as(PERSONAS.premium.email);
    const billing = pathOf(SPACES.bigco, "space/billing");
    for (const query of ["plan=FOO&interval=YEARLY", "plan=PREMIUM&interval=WEEKLY", "plan=pro", "interval="]) {
      for (const [module, section] of [
        [options, "checkout"],
        [summary, "checkout/summary"],
        [information, "checkout/information"],
        [cannotDowngrade, "checkout/cannot-downgrade"],
      ] as const) {
        expect(
          redirectTarget(await priya.get(module, SPACES.bigco, `${section}?${query}`)),
          `${section}?${query}`,
        ).toBe(billing);
      }
    }
    // A missing value still takes its default: Premium's own options.
    expect(redirectTarget(await priya.get(options, SPACES.bigco, "checkout?plan=PREMIUM"))).toBeNull();
  });
});

describe("choosing paid users on the options (issue 25: several at once, one review, Back keeps them)", () => {
  const query = `plan=PREMIUM&interval=YEARLY&paid=${PERSONAS.hugoHart.id}&free=${PERSONAS.noahNguyen.id}`;
  type Options = {
    rows: Array<{ id: string; paid: boolean }>;
    summary: { lines: Array<{ label: string }> } | null;
    header: { steps: Array<{ title: string }> };
  };

  it("keeps a change of who is paid on the options, priced in the sidebar, instead of jumping to the review", async () => {
    const priya = await as(PERSONAS.premium.email);
    const form = {
      intent: "update",
      [`user-${PERSONAS.hugoHart.id}`]: "paid",
      [`user-${PERSONAS.noahNguyen.id}`]: "free",
    };
    const update = await priya.post(options, SPACES.bigco, "checkout?plan=PREMIUM&interval=YEARLY", form);
    expect(redirectTarget(update)).toBe(`${pathOf(SPACES.bigco, "checkout")}?${query}`);
    const chosen = await priya.get(options, SPACES.bigco, `checkout?${query}`);
    expect(redirectTarget(chosen)).toBeNull();
    const page = loaderData<Options>(chosen);
    expect(page.rows.find((row) => row.id === PERSONAS.hugoHart.id)?.paid).toBe(true);
    expect(page.rows.find((row) => row.id === PERSONAS.noahNguyen.id)?.paid).toBe(false);
    expect(page.header.steps.map((step) => step.title)).toEqual(["Billing options", "Review"]);
    expect(page.summary?.lines.map((line) => line.label)).toEqual(["4 paid users", "1 Gmail paid user"]);
    // Next leads to the one review of both changes.
    const next = await priya.post(options, SPACES.bigco, `checkout?${query}`, { ...form, intent: "next" });
    expect(redirectTarget(next)).toBe(`${pathOf(SPACES.bigco, "checkout/summary")}?${query}`);
  });

  it("sends the review's Back to the options with the choice, and a plan change's to billing", async () => {
    const priya = await as(PERSONAS.premium.email);
    const review = loaderData<{ header: { backTo: string; steps: Array<{ title: string }> }; cards: string[] }>(
      await priya.get(summary, SPACES.bigco, `checkout/summary?${query}`),
    );
    expect(review.header.backTo).toBe(`${pathOf(SPACES.bigco, "checkout")}?${query}`);
    expect(review.header.steps.map((step) => step.title)).toEqual(["Billing options", "Review"]);
    expect(review.cards).toEqual(["You are upgrading 1 free user to paid", "You are downgrading 1 paid user to free"]);
    // A move to Pro is chosen on the options too (a downgrade); a cycle change is not.
    const downgrade = loaderData<{ header: { backTo: string } }>(
      await priya.get(summary, SPACES.bigco, `checkout/summary?plan=PRO&interval=YEARLY`),
    );
    expect(downgrade.header.backTo).toBe(`${pathOf(SPACES.bigco, "checkout")}?plan=PRO&interval=YEARLY`);
    const cycle = loaderData<{ header: { backTo: string; steps: Array<{ title: string }> } }>(
      await priya.get(summary, SPACES.bigco, `checkout/summary?plan=PREMIUM&interval=MONTHLY`),
    );
    expect(cycle.header).toMatchObject({ backTo: pathOf(SPACES.bigco, "space/billing"), steps: [{ title: "Review" }] });
  });
});

describe("billing options (001 §2, §4)", () => {
  it("lists the available users with their choice, the owner and the paid ones paid", async () => {
    const priya = await as(PERSONAS.premium.email);
    const page = loaderData<{
      title: string;
      rows: Array<{ email: string; paid: boolean; locked: boolean; block: string | null }>;
      next: { text: string; disabled: boolean };
      header: { steps: Array<{ title: string }> };
    }>(await priya.get(options, SPACES.bigco, "checkout?plan=PRO&interval=YEARLY"));
    expect(page.title).toBe("Downgrading Bigco");
    expect(page.header.steps.map((step) => step.title)).toEqual(["Billing options", "Review"]);
    expect(page.next).toEqual({ text: "Next: Review", disabled: false });
    const paid = page.rows.filter((row) => row.paid).map((row) => row.email);
    expect(paid.sort()).toEqual(
      [PERSONAS.premium, PERSONAS.noahNguyen, PERSONAS.emmaEvans, PERSONAS.liamLopez, PERSONAS.ginaGmail]
        .map((p) => p.email)
        .sort(),
    );
    expect(page.rows.find((row) => row.email === PERSONAS.hugoHart.email)).toMatchObject({
      paid: false,
      locked: false,
    });
  });

  it("re-marks the owner paid and locks them when every user is made free, and moves the choice into the query", async () => {
    const priya = await as(PERSONAS.premium.email);
    const ids = [PERSONAS.premium, PERSONAS.noahNguyen, PERSONAS.emmaEvans, PERSONAS.liamLopez, PERSONAS.ginaGmail].map(
      (p) => p.id,
    );
    const form = Object.fromEntries([...ids.map((id) => [`user-${id}`, "free"]), ["intent", "update"]]);
    const target = redirectTarget(await priya.post(options, SPACES.bigco, "checkout?plan=PRO&interval=YEARLY", form));
    const query = new URL(target ?? "", "http://app").searchParams;
    expect(query.getAll("free").sort()).toEqual(ids.slice(1).sort());
    const page = loaderData<{ rows: Array<{ id: string; paid: boolean; locked: boolean }> }>(
      await priya.get(options, SPACES.bigco, target?.split("/").slice(3).join("/") ?? ""),
    );
    expect(page.rows.find((row) => row.id === PERSONAS.premium.id)).toMatchObject({ paid: true, locked: true });
  });
});

describe("the paid-user limit on the billing options (001 §5)", () => {
  const crowd = { id: CROWD_CO.space.id, slug: slugify(CROWD_CO.space.name) };
  const checkout = "checkout?plan=PRO&interval=YEARLY";
  const members = crowdOf(CROWD_CO);
  const limit = "Your current plan allows a maximum of 10 paid users.";
  type Row = { id: string; paid: boolean; block: string | null };
  /** The options form: the owner and the first `count` members Paid, the others Free. */
  const choosing = (count: number, intent: "update" | "next") =>
    Object.fromEntries([
      ["intent", intent],
      [`user-${CROWD_CO.owner.id}`, "paid"],
      ...members.map((member, index) => [`user-${member.id}`, index < count ? "paid" : "free"]),
    ]);

  it("refuses more paid users than the Pro plan's 10 at once, keeping the choice and sending nothing on", async () => {
    await writeCrowdedSpace(stack.backend.db, CROWD_CO);
    const cora = await as(CROWD_CO.owner.email);
    for (const intent of ["update", "next"] as const) {
      const refused = await cora.post(options, crowd, checkout, choosing(10, intent));
      expect(statusOf(refused)).toBe(400);
      expect(redirectTarget(refused)).toBeNull();
      const answer = loaderData<{ banner: string; rows: Row[] }>(refused);
      expect(answer.banner).toBe(limit);
      // The eleven chosen stay Paid; the last member stays Free, their Paid radio closed by the limit.
      expect(answer.rows.filter((row) => row.paid).map((row) => row.id)).toEqual([
        CROWD_CO.owner.id,
        ...members.slice(0, 10).map((member) => member.id),
      ]);
      expect(answer.rows.at(-1)).toMatchObject({ id: members[10]!.id, paid: false, block: limit });
      const page = loaderData(await cora.get(options, crowd, checkout));
      expect(textOf(renderPage(options, page, { actionData: answer }))).toContain(limit);
    }
    // Ten paid users are within the limit: the choice moves into the query.
    const within = redirectTarget(await cora.post(options, crowd, checkout, choosing(9, "update")));
    expect(new URL(within ?? "", "http://app").searchParams.getAll("paid")).toHaveLength(10);
  });

  it("says the limit when the backend refuses a choice past it, as the members page can send", async () => {
    await writeCrowdedSpace(stack.backend.db, CROWD_CO);
    const cora = await as(CROWD_CO.owner.email);
    const query = [CROWD_CO.owner, ...members.slice(0, 10)].map((user) => `paid=${user.id}`).join("&");
    const page = loaderData<{ failure: string | null; quote: unknown; rows: Row[] }>(
      await cora.get(options, crowd, `${checkout}&${query}`),
    );
    expect(page).toMatchObject({ failure: limit, quote: null });
    expect(page.rows.filter((row) => row.paid)).toHaveLength(11);
    expect(textOf(renderPage(options, page))).toContain(limit);
    // Within it, no banner.
    expect(loaderData<{ failure: string | null }>(await cora.get(options, crowd, checkout)).failure).toBeNull();
  });
});

describe("the Belgian legacy licence on the billing options (001 §2, §4, §8)", () => {
  it("offers 'Confirm the plan switch', which ends in the server-error state and leaves the licence as it is", async () => {
    const gert = await as(PERSONAS.gert.email);
    const checkout = "checkout?plan=PRO&interval=YEARLY";
    const page = loaderData<{ next: { text: string; disabled: boolean } }>(
      await gert.get(options, SPACES.ghentTeam, checkout),
    );
    expect(page.next).toEqual({ text: "Confirm the plan switch", disabled: false });
    const refused = await gert.post(options, SPACES.ghentTeam, checkout, {
      intent: "next",
      [`user-${PERSONAS.greet.id}`]: "paid",
      [`user-${PERSONAS.gust.id}`]: "free",
    });
    expect(statusOf(refused)).toBe(409);
    const answer = loaderData<{ banner: string }>(refused);
    expect(answer.banner).toBe("An error occurred. Please try again.");
    expect(textOf(renderPage(options, page, { actionData: answer }))).toContain("An error occurred. Please try again.");
    const ghent = await stack.backend.db
      .selectFrom("workspaces")
      .select("plan")
      .where("id", "=", SPACES.ghentTeam.id)
      .executeTakeFirstOrThrow();
    expect(ghent.plan).toBe("LEGACY");
    const gust = await stack.backend.db
      .selectFrom("workspace_members")
      .select("user_plan")
      .where("workspace_id", "=", SPACES.ghentTeam.id)
      .where("user_id", "=", PERSONAS.gust.id)
      .executeTakeFirstOrThrow();
    expect(gust.user_plan).toBe("PRO");
  });
});

describe("Premium under the PREMIUM_PLAN restriction (001 §6)", () => {
  it("sends every step of a move to Premium back to billing, which does not offer it; a Premium space keeps it", async () => {
    const restrict = (restrictions: Record<string, boolean>) =>
      stack.backend.db
        .updateTable("workspaces")
        .set({ restrictions: JSON.stringify(restrictions) })
        .where("id", "in", [SPACES.juniperCo.id, SPACES.bigco.id])
        .execute();
    await restrict({ PREMIUM_PLAN: true });
    try {
      const june = await as(PERSONAS.june.email);
      const premium = "plan=PREMIUM&interval=YEARLY";
      const billing = pathOf(SPACES.juniperCo, "space/billing");
      for (const [module, section] of [
        [options, "checkout"],
        [information, "checkout/information"],
        [summary, "checkout/summary"],
        [cannotDowngrade, "checkout/cannot-downgrade"],
      ] as const) {
        expect(redirectTarget(await june.get(module, SPACES.juniperCo, `${section}?${premium}`)), section).toBe(
          billing,
        );
      }
      expect(redirectTarget(await june.get(options, SPACES.juniperCo, "checkout?plan=PRO&interval=YEARLY"))).toBeNull();
      const priya = await as(PERSONAS.premium.email);
      expect(redirectTarget(await priya.get(options, SPACES.bigco, `checkout?${premium}`))).toBeNull();
    } finally {
      await restrict({});
    }
  });
});

describe("the billing options' sidebar (001 §2 Billing options)", () => {
  it("totals the plan's paid users before taxes, billed annually, even where the change charges nothing today", async () => {
    const priya = await as(PERSONAS.premium.email);
    const downgrade = await priya.get(options, SPACES.bigco, "checkout?plan=PRO&interval=YEARLY");
    const text = textOf(renderPage(options, loaderData(downgrade)));
    // Four domain users at $60 and Gina at the Gmail Pro price ($36), a year.
    expect(text).toContain("Pro plan 4 paid users $240.00 1 Gmail paid user $36.00 Total due $276.00 Before taxes");
    expect(text).toContain("Billed annually");

    // A Belgian legacy licence is quoted with its 21 % VAT: the options show the total before it, no taxes.
    const gert = await as(PERSONAS.gert.email);
    const legacy = textOf(
      renderPage(options, loaderData(await gert.get(options, SPACES.ghentTeam, "checkout?plan=PRO&interval=YEARLY"))),
    );
    expect(legacy).toContain("3 paid users €180.00 Total due €180.00 Before taxes");
    expect(legacy).not.toContain("Taxes (");
  });
});

describe("the summary's title (001 §2 Summary step, §4 Summary delta type)", () => {
  it("calls a change that keeps the base price an upgrade, on a subscription with taxes too", async () => {
    const taxed = (rate: number) =>
      stack.backend.db
        .updateTable("subscriptions")
        .set({ tax_rate: rate })
        .where("workspace_id", "=", SPACES.bigco.id)
        .execute();
    // Bigco's subscription, for this test, with 21 % VAT.
    await taxed(21);
    try {
      const priya = await as(PERSONAS.premium.email);
      // Hugo paid instead of Liam: as many paid users at the same price.
      const swap = `checkout/summary?plan=PREMIUM&interval=YEARLY&paid=${PERSONAS.hugoHart.id}&free=${PERSONAS.liamLopez.id}`;
      const page = loaderData<{ title: string; cards: string[] }>(await priya.get(summary, SPACES.bigco, swap));
      expect(page.cards).toEqual(["You are upgrading 1 free user to paid", "You are downgrading 1 paid user to free"]);
      expect(page.title).toBe("Upgrading Bigco");
    } finally {
      await taxed(0);
    }
  });
});

describe("the summary's timing (001 §4 Charge wording; issue 25: Premium to Pro is not at renewal)", () => {
  it("says a move to Pro applies at once, neither charged nor refunded; a user made free, at renewal", async () => {
    const priya = await as(PERSONAS.premium.email);
    const toPro = loaderData<{ charge: string }>(
      await priya.get(summary, SPACES.bigco, "checkout/summary?plan=PRO&interval=YEARLY"),
    );
    expect(toPro.charge).toMatch(
      /^Your plan changes as soon as you confirm\. Nothing is charged or refunded today: your next payment, on [A-Z][a-z]+ \d{1,2}(st|nd|rd|th), \d{4}, is at the new price\.$/,
    );
    const userFree = loaderData<{ charge: string }>(
      await priya.get(
        summary,
        SPACES.bigco,
        `checkout/summary?plan=PREMIUM&interval=YEARLY&free=${PERSONAS.noahNguyen.id}`,
      ),
    );
    // 001 §2: the checkout's date format ("March 5th, 2025"), as on the add and remove seats screens.
    expect(userFree.charge).toMatch(
      /^These changes will apply on your renewal day, [A-Z][a-z]+ \d{1,2}(st|nd|rd|th), \d{4}\.$/,
    );
  });
});

describe("the summary of a change the backend refuses (issue 25)", () => {
  it("says who cannot be made paid, lists what was asked, and offers no Confirm", async () => {
    const priya = await as(PERSONAS.premium.email);
    const page = loaderData<{ refusal: string | null; cards: string[]; quoted: boolean }>(
      await priya.get(
        summary,
        SPACES.bigco,
        `checkout/summary?plan=PREMIUM&interval=YEARLY&paid=${PERSONAS.hanaHolt.id}`,
      ),
    );
    expect(page).toEqual(
      expect.objectContaining({
        refusal: "hana.holt@bigco.test is already a paid user in another space.",
        cards: ["You are upgrading 1 free user to paid"],
        quoted: false,
      }),
    );
    const html = renderPage(summary, page);
    expect(textOf(html)).toContain("hana.holt@bigco.test is already a paid user in another space.");
    expect(textOf(html)).not.toContain("An error occurred");
    expect(html).toMatch(/<button type="submit" disabled=""[^>]*>Confirm changes<\/button>/);
  });
});

describe("the summary's failure (001 §8 Summary update failure)", () => {
  it("links 'contact our support' to the support request page inside the sentence", async () => {
    const priya = await as(PERSONAS.premium.email);
    const swap = `checkout/summary?plan=PREMIUM&interval=YEARLY&paid=${PERSONAS.hugoHart.id}&free=${PERSONAS.liamLopez.id}`;
    const html = renderPage(summary, loaderData(await priya.get(summary, SPACES.bigco, swap)), {
      actionData: { failed: true },
    });
    const alert = /<p role="alert"[^>]*>(.*?)<\/p>/s.exec(html)?.[1] ?? "";
    expect(alert.replace(/<[^>]*>/g, "")).toBe(
      "An error occurred. Please try again, if error persist contact our support.",
    );
    expect(alert).toMatch(new RegExp(`<a href="${externalLinks.support}"[^>]*>contact our support</a>\\.$`));
  });
});

describe("billing information of a per-user purchase (001 §2 Billing information step)", () => {
  it("shows the plan in the sidebar, above the paid users and the total due", async () => {
    const june = await as(PERSONAS.june.email);
    const page = await june.get(information, SPACES.juniperCo, "checkout/information?plan=PREMIUM&interval=YEARLY");
    expect(textOf(renderPage(information, loaderData(page)))).toMatch(
      /Summary Premium plan 1 paid user \$[\d.,]+ Total due \$[\d.,]+ Billed annually/,
    );
  });
});

describe("cannot-downgrade (001 §2, §4)", () => {
  it("stops a move to Pro with users of two domains, and nothing else: the others go back to their options", async () => {
    const dora = await as(PERSONAS.dora.email);
    const blocked = loaderData<{ title: string; domain: string }>(
      await dora.get(cannotDowngrade, SPACES.deltaGroup, "checkout/cannot-downgrade?plan=PRO&interval=YEARLY"),
    );
    // Delta Group is on Pro: a change of who is paid, not a downgrade (issue 25).
    expect(blocked).toMatchObject({ title: "Upgrading Delta Group", domain: "delta.test", change: "paid-users" });
    // Premium takes users of any domain.
    expect(
      redirectTarget(
        await dora.get(cannotDowngrade, SPACES.deltaGroup, "checkout/cannot-downgrade?plan=PREMIUM&interval=YEARLY"),
      ),
    ).toBe(`${pathOf(SPACES.deltaGroup, "checkout")}?plan=PREMIUM&interval=YEARLY`);
    // Bigco's users are all of bigco.test (and Gmail): its move to Pro is not blocked.
    const priya = await as(PERSONAS.premium.email);
    expect(
      redirectTarget(
        await priya.get(cannotDowngrade, SPACES.bigco, "checkout/cannot-downgrade?plan=PRO&interval=YEARLY"),
      ),
    ).toBe(`${pathOf(SPACES.bigco, "checkout")}?plan=PRO&interval=YEARLY`);
  });
});

describe("cannot-downgrade's words (issue 25: worded for what was asked)", () => {
  it("calls a change of who is paid or of the billing cycle by its name, never a downgrade", async () => {
    const dora = await as(PERSONAS.dora.email);
    const notice = async (query: string) => {
      const page = await dora.get(cannotDowngrade, SPACES.deltaGroup, `checkout/cannot-downgrade?${query}`);
      return textOf(renderPage(cannotDowngrade, loaderData(page)));
    };
    const paidUsers = await notice("plan=PRO&interval=YEARLY");
    expect(paidUsers).toContain("Upgrading Delta Group");
    expect(paidUsers).toContain(
      "The Pro plan only allows users from the owner's domain (delta.test). To change who is paid, every user must be on the owner's domain.",
    );
    expect(paidUsers).not.toMatch(/[Dd]owngrad/);
    const cycle = await notice("plan=PRO&interval=MONTHLY");
    expect(cycle).toContain("Changing billing cycle Delta Group");
    expect(cycle).toContain("To change the billing cycle, every user must be on the owner's domain.");
    expect(cycle).not.toMatch(/[Dd]owngrad/);
  });
});

describe("legacy users (001 §2, §4)", () => {
  it("redirects a space that is not legacy to the space page", async () => {
    const priya = await as(PERSONAS.premium.email);
    expect(redirectTarget(await priya.get(legacyUsers, SPACES.bigco, "checkout/legacy/users"))).toBe(
      pathOf(SPACES.bigco, "space"),
    );
  });

  it("lists the members all selected, then keeps the checked ones and goes to checkout with plan and cycle", async () => {
    const lee = await as(PERSONAS.legacy.email);
    const page = loaderData<{ rows: Array<{ email: string; kept: boolean; status: string }>; max: number }>(
      await lee.get(legacyUsers, SPACES.oldcoTeam, "checkout/legacy/users?dir=desc"),
    );
    expect(page.rows.map((row) => row.email)).toEqual([
      PERSONAS.petePark.email,
      PERSONAS.olgaOrtiz.email,
      PERSONAS.legacy.email,
    ]);
    expect(page.rows.every((row) => row.kept)).toBe(true);

    const next = await lee.post(legacyUsers, SPACES.oldcoTeam, "checkout/legacy/users", {
      intent: "next",
      keep: PERSONAS.petePark.id,
    });
    expect(redirectTarget(next)).toBe(`${pathOf(SPACES.oldcoTeam, "checkout")}?plan=PRO&interval=YEARLY`);
    const after = loaderData<{ rows: Array<{ email: string; kept: boolean }> }>(
      await lee.get(legacyUsers, SPACES.oldcoTeam, "checkout/legacy/users"),
    );
    expect(after.rows.find((row) => row.email === PERSONAS.olgaOrtiz.email)?.kept).toBe(false);
    expect(after.rows.find((row) => row.email === PERSONAS.petePark.email)?.kept).toBe(true);

    const empty = loaderData<{ rows: unknown[] }>(
      await lee.get(legacyUsers, SPACES.oldcoTeam, "checkout/legacy/users?q=nobody-here"),
    );
    expect(empty.rows).toEqual([]);
  });

  it("adds users within the plan's limit once every address is valid, then shows them pending with the banner", async () => {
    const lee = await as(PERSONAS.legacy.email);
    const add = (emails: string) =>
      lee.post(legacyUsers, SPACES.oldcoTeam, "checkout/legacy/users", {
        intent: "add",
        emails,
        [IDEMPOTENCY_FIELD]: newIdempotencyKey(),
      });
    type Answer = { add: { text: string; refused: Array<{ email: string }>; formError: string | null } };
    const foreign = loaderData<Answer>(await add("kim@oldco.test, kim@oldco.test someone@elsewhere.test"));
    expect(foreign.add.refused.map((item) => item.email)).toEqual(["someone@elsewhere.test"]);
    expect(foreign.add.text).toBe("kim@oldco.test, someone@elsewhere.test");
    // After a refusal the box holds the one refused address, and the button counts it (issue 25: 'Add users').
    const one = loaderData<Answer>(await add("someone@elsewhere.test"));
    expect(one.add.text).toBe("someone@elsewhere.test");
    const list = loaderData(await lee.get(legacyUsers, SPACES.oldcoTeam, "checkout/legacy/users?dialog=add"));
    expect(renderPage(legacyUsers, list, { actionData: one })).toMatch(/<button type="submit"[^>]*>Add user<\/button>/);
    const over = loaderData<Answer>(await add("k1@oldco.test k2@oldco.test k3@oldco.test"));
    expect(over.add.formError).toBe("You cannot go over your current plan user limit (5).");

    const done = await add("kim@oldco.test");
    expect(redirectTarget(done)).toContain(
      `${pathOf(SPACES.oldcoTeam, "checkout/legacy/users")}?banner=users-added&added=1`,
    );
    const page = loaderData<{ rows: Array<{ email: string; status: string; pending: boolean }> }>(
      await lee.get(legacyUsers, SPACES.oldcoTeam, "checkout/legacy/users"),
    );
    expect(page.rows.find((row) => row.email === "kim@oldco.test")).toMatchObject({ pending: true });
  });
});

describe("Back in the legacy upgrade after the users list (001 §2 Back button: one step back)", () => {
  it("goes from the billing options to the users list, and there from billing information when the options are skipped", async () => {
    const lee = await as(PERSONAS.legacy.email);
    const list = pathOf(SPACES.oldcoTeam, "checkout/legacy/users");
    const checkout = "checkout?plan=PRO&interval=YEARLY";
    // Lee and Pete are kept (Olga was marked for removal above): the options list them.
    const choose = loaderData<{ header: { backTo: string } }>(await lee.get(options, SPACES.oldcoTeam, checkout));
    expect(choose.header.backTo).toBe(list);

    // Only Lee kept: nobody to choose, the options step is skipped (001 §4), and Back from billing
    // information goes to the list, not to the options that would send the person straight back.
    await lee.post(legacyUsers, SPACES.oldcoTeam, "checkout/legacy/users", { intent: "next", keep: [] });
    expect(redirectTarget(await lee.get(options, SPACES.oldcoTeam, checkout))).toBe(
      `${pathOf(SPACES.oldcoTeam, "checkout/information")}?plan=PRO&interval=YEARLY`,
    );
    const billingInformation = loaderData<{ header: { backTo: string } }>(
      await lee.get(information, SPACES.oldcoTeam, "checkout/information?plan=PRO&interval=YEARLY"),
    );
    expect(billingInformation.header.backTo).toBe(list);
  });

  it("says before payment that the PayPal licence is cancelled at once, its remaining days not credited", async () => {
    const lee = await as(PERSONAS.legacy.email);
    const page = loaderData<{ paypalLicenceDaysLeft: number | null }>(
      await lee.get(information, SPACES.oldcoTeam, "checkout/information?plan=PRO&interval=YEARLY"),
    );
    expect(page.paypalLicenceDaysLeft).toBeGreaterThan(0);
    expect(textOf(renderPage(information, page))).toContain(
      `Your PayPal licence will be cancelled Paying for the new plan cancels your current licence, paid through PayPal, at once: its ${page.paypalLicenceDaysLeft} remaining days are not credited to the new plan.`,
    );
    // A purchase replaces no licence.
    const june = await as(PERSONAS.june.email);
    const purchase = loaderData<{ paypalLicenceDaysLeft: number | null }>(
      await june.get(information, SPACES.juniperCo, "checkout/information?plan=PRO&interval=YEARLY"),
    );
    expect(purchase.paypalLicenceDaysLeft).toBeNull();
  });

  it("goes from cannot-downgrade to the users list, where a user of another domain can be left out", async () => {
    const lee = await as(PERSONAS.legacy.email);
    // Pete kept again, his address moved to another domain: the move to Pro is blocked.
    await lee.post(legacyUsers, SPACES.oldcoTeam, "checkout/legacy/users", {
      intent: "next",
      keep: [PERSONAS.petePark.id],
    });
    await stack.backend.db
      .updateTable("users")
      .set({ email: "pete.park@elsewhere.test", domain_name: "elsewhere.test" })
      .where("id", "=", PERSONAS.petePark.id)
      .execute();
    const checkout = "plan=PRO&interval=YEARLY";
    expect(redirectTarget(await lee.get(options, SPACES.oldcoTeam, `checkout?${checkout}`))).toBe(
      `${pathOf(SPACES.oldcoTeam, "checkout/cannot-downgrade")}?${checkout}`,
    );
    const blocked = loaderData<{ backTo: string }>(
      await lee.get(cannotDowngrade, SPACES.oldcoTeam, `checkout/cannot-downgrade?${checkout}`),
    );
    expect(blocked.backTo).toBe(pathOf(SPACES.oldcoTeam, "checkout/legacy/users"));
  });
});
