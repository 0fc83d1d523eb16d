/**
 * The billing page (issue 8; 001 §2, §4) and the shell's payment alerts
 * (000 §8), through the app's loaders and actions against a backend and a
 * local Stripe whose webhooks reach it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action, loader } from "~/routes/$workspaceId.$workspaceSlug+/space+/billing";
import { loader as shellLoader } from "~/routes/$workspaceId.$workspaceSlug+/_layout";
import { action as dismissAction } from "~/routes/$workspaceId.$workspaceSlug+/payment-alert";
import { loader as legacyUsersLoader } from "~/routes/$workspaceId.$workspaceSlug+/checkout+/legacy.users";
import { PERSONAS, SPACES } from "../../../backend/src/db/seed/personas";
import { signOutcomeLink } from "~/utils/banner-links.server";
import { appRequest, loaderData, redirectTarget, signedFor, signedTarget, run, signIn, startAppBillingStack } from "../support/app";
import { pathOf } from "../support/space-pages";
import { signedInClient } from "../backend/support/api";
import { payOnHostedPage, TEST_CARDS } from "../backend/support/billing";

type Space = (typeof SPACES)[keyof typeof SPACES];
const paramsOf = (space: Space) => ({ workspaceId: space.id, workspaceSlug: space.slug });
const billingOf = (space: Space) => `/${space.id}/${space.slug}/space/billing`;

let stack: Awaited<ReturnType<typeof startAppBillingStack>>;
beforeAll(async () => {
  stack = await startAppBillingStack();
});
afterAll(() => stack?.close());

async function billingPage(email: string, space: Space, query = "") {
  const { cookie } = await signIn(stack.backend, email);
  return run(loader, appRequest(`${billingOf(space)}${query}`, { cookie }), paramsOf(space));
}

/** The billing page at an outcome link a redirect of ours made for `email`. */
const billingPageAfter = (email: string, space: Space, query: string) =>
  billingPage(email, space, signedFor(email, query));

type Page = {
  current: {
    name: string;
    isFree: boolean;
    seats: { total: number; used: number } | null;
    price: { amount: string; billed: string; taxesIncluded: boolean } | null;
    renewal: string | null;
    offline: boolean;
  };
  planCards: Array<{ plan: string; summary: string; price: string; unit: string; upgradeTo: string | null }>;
  legacyUpsell: { price: string | null; upgradeTo: string | null } | null;
  changes: { paidUsers: string; plan: { to: string; href: string } | null; cycle: { href: string } | null } | null;
  canOpenPortal: boolean;
  removal: { toSeats: number } | null;
  intervalChange: { target: string; confirming: boolean } | null;
  success: { title: string; detail: string | null; manageMembers: string | null } | null;
  flag: string | null;
};

describe("the billing page (001 §2)", () => {
  it("shows a per-seat Pro space's plan, seats, yearly price and renewal, and opens the portal", async () => {
    const page = loaderData<Page>(await billingPage(PERSONAS.owner.email, SPACES.acmeMarketing));
    expect(page.current).toMatchObject({
      name: "Pro plan",
      isFree: false,
      seats: { total: 11, used: 9 },
      offline: false,
    });
    expect(page.current.price?.billed).toBe("Billed annually");
    expect(page.current.renewal).toMatch(/^Your subscription renews on \w{3}\. \d{1,2}, \d{4}\.$/);
    expect(page.canOpenPortal).toBe(true);
    expect(page.planCards).toEqual([]);

    const { cookie } = await signIn(stack.backend, PERSONAS.owner.email);
    const portal = await run(
      action,
      appRequest(billingOf(SPACES.acmeMarketing), { cookie, method: "POST", form: { intent: "portal" } }),
      paramsOf(SPACES.acmeMarketing),
    );
    expect(redirectTarget(portal)).toMatch(new RegExp(`^http://localhost:${stack.emulator.port}/p/session/`));
  });

  it("offers a free per-seat space the Pro card per seat, leading to the details step", async () => {
    const page = loaderData<Page>(await billingPage(PERSONAS.salesLead.email, SPACES.acmeSales));
    expect(page.current).toMatchObject({ name: "Free plan", isFree: true, price: null, renewal: null });
    expect(page.planCards).toEqual([
      {
        plan: "PRO",
        summary: "Up to 1,500 recipients per day for each user of your domain, and scheduled mail merges.",
        price: "$5",
        unit: "/ seat / month",
        upgradeTo: `/${SPACES.acmeSales.id}/${SPACES.acmeSales.slug}/checkout/details`,
      },
    ]);
    expect(page.canOpenPortal).toBe(false);
  });

  it("offers a Gmail owner the Pro Personal price, leading to the information step", async () => {
    const page = loaderData<Page>(await billingPage(PERSONAS.solo.email, SPACES.samsSpace));
    expect(page.planCards).toEqual([
      expect.objectContaining({
        plan: "PRO",
        // 000 §9: a Gmail owner's Pro is Pro Personal, 400 recipients a day.
        summary: "Up to 400 recipients per day and scheduled mail merges.",
        price: "$3",
        upgradeTo: expect.stringMatching(/\/checkout\/information$/),
      }),
    ]);
  });

  it("offers a legacy space the new Pro price, and no portal", async () => {
    const page = loaderData<Page>(await billingPage(PERSONAS.legacy.email, SPACES.oldcoTeam));
    expect(page.current.name).toBe("Legacy Team plan");
    expect(page.legacyUpsell).toEqual({ price: "$5", upgradeTo: pathOf(SPACES.oldcoTeam, "checkout/legacy/users") });
    expect(page.canOpenPortal).toBe(false);
    expect(page.changes).toBeNull();
  });

  it("offers a Belgian legacy licence the new Pro price in euros and support alone, never a switch that cannot succeed", async () => {
    // Issue 25: its 'Upgrade to the new plan' could only end in 001 §4's server-error state, and it was quoted $5.
    const page = loaderData<Page>(await billingPage(PERSONAS.gert.email, SPACES.ghentTeam));
    expect(page.legacyUpsell).toEqual({ price: "€5", upgradeTo: null });
    // The legacy users page, the way into the switch, sends it back here.
    const { cookie } = await signIn(stack.backend, PERSONAS.gert.email);
    const users = await run(
      legacyUsersLoader,
      appRequest(pathOf(SPACES.ghentTeam, "checkout/legacy/users"), { cookie }),
      paramsOf(SPACES.ghentTeam),
    );
    expect(redirectTarget(users)).toBe(billingOf(SPACES.ghentTeam));
  });

  it("says when the current plan's price includes taxes (a euro subscription with VAT), and not otherwise", async () => {
    const lumen = loaderData<Page>(await billingPage(PERSONAS.lena.email, SPACES.lumenGmbh));
    expect(lumen.current.price).toMatchObject({
      amount: expect.stringMatching(/^€[\d.,]+ per year$/),
      taxesIncluded: true,
    });
    const acme = loaderData<Page>(await billingPage(PERSONAS.owner.email, SPACES.acmeMarketing));
    expect(acme.current.price?.taxesIncluded).toBe(false);
  });

  it("tells a per-user space's started subscription in paid users, a per-seat one's in seats", async () => {
    const started = "?checkout=success&from=FREE&to=PREMIUM&workspaceSeats=3";
    const perUser = loaderData<Page>(await billingPageAfter(PERSONAS.premium.email, SPACES.bigco, started));
    expect(perUser.success).toMatchObject({
      title: "Your subscription has started.",
      detail: "Your space now has 3 paid users.",
    });
    const perSeat = loaderData<Page>(await billingPageAfter(PERSONAS.owner.email, SPACES.acmeMarketing, started));
    expect(perSeat.success?.detail).toBe("Your space now has 3 paid seats.");
  });

  it("offers a per-user subscription its changes of paid users, plan and cycle, but no second cycle change", async () => {
    const bigco = loaderData<Page>(await billingPage(PERSONAS.premium.email, SPACES.bigco));
    expect(bigco.changes).toEqual({
      paidUsers: `${pathOf(SPACES.bigco, "checkout")}?plan=PREMIUM&interval=YEARLY`,
      plan: { to: "PRO", href: `${pathOf(SPACES.bigco, "checkout")}?plan=PRO&interval=YEARLY` },
      cycle: { to: "MONTHLY", href: `${pathOf(SPACES.bigco, "checkout/summary")}?plan=PREMIUM&interval=MONTHLY` },
    });
    const tidal = loaderData<Page>(await billingPage(PERSONAS.tia.email, SPACES.tidalOne));
    expect(tidal.changes?.cycle).toBeNull();
    const perSeat = loaderData<Page>(await billingPage(PERSONAS.owner.email, SPACES.acmeMarketing));
    expect(perSeat.changes).toBeNull();
  });

  it("says an offline subscription is managed by the team, with no portal", async () => {
    const page = loaderData<Page>(await billingPage(PERSONAS.kai.email, SPACES.kilnWorks));
    expect(page.current.offline).toBe(true);
    expect(page.current.price).toBeNull();
    expect(page.canOpenPortal).toBe(false);
  });

  it("shows the EUR price with its VAT", async () => {
    const page = loaderData<Page>(await billingPage(PERSONAS.lena.email, SPACES.lumenGmbh));
    // 5 seats × €60, 20 % off (5SEATS), 19 % VAT: €285.60 a year.
    expect(page.current.price?.amount).toBe("€285.60 per year");
  });

  it("keeps members out, and a free space's members in", async () => {
    expect(redirectTarget(await billingPage(PERSONAS.member.email, SPACES.acmeMarketing))).toBe(
      `/${SPACES.acmeMarketing.id}/${SPACES.acmeMarketing.slug}`,
    );
    const forged = await run(
      action,
      appRequest(billingOf(SPACES.acmeMarketing), {
        cookie: (await signIn(stack.backend, PERSONAS.member.email)).cookie,
        method: "POST",
        form: { intent: "portal" },
      }),
      paramsOf(SPACES.acmeMarketing),
    );
    expect(redirectTarget(forged)).toBe(`/${SPACES.acmeMarketing.id}/${SPACES.acmeMarketing.slug}`);
    const free = loaderData<Page>(await billingPage(PERSONAS.owner.email, SPACES.acmeSales));
    expect(free.planCards[0]?.upgradeTo).toBeNull();
  });
});

describe("banners of the billing page (001 §4)", () => {
  it.each([
    ["?checkout=success&success=seats-added&seats=2", "Well done", "You added 2 seats to your space."],
    ["?checkout=success&from=PRO&to=PREMIUM", "Your subscription has been updated", null],
  ])("shows %s", async (query, title, detail) => {
    const page = loaderData<Page>(await billingPageAfter(PERSONAS.owner.email, SPACES.acmeMarketing, query));
    expect(page.success).toMatchObject({ title, detail });
  });

  it("shows no outcome from a typed, shared or old link: the page otherwise as usual (issue 34)", async () => {
    const seats = "?checkout=success&success=seats-added&seats=96";
    const plain = loaderData<Page>(await billingPage(PERSONAS.owner.email, SPACES.acmeMarketing));
    const typed = loaderData<Page>(await billingPage(PERSONAS.owner.email, SPACES.acmeMarketing, seats));
    expect(typed.success).toBeNull();
    expect(typed.current).toEqual(plain.current);
    // A per-user space has no seats to add: still nothing.
    expect(loaderData<Page>(await billingPage(PERSONAS.premium.email, SPACES.bigco, seats)).success).toBeNull();
    const othersLink = signedFor(PERSONAS.premium.email, "?checkout=success&from=PRO&to=PREMIUM");
    expect(loaderData<Page>(await billingPage(PERSONAS.owner.email, SPACES.acmeMarketing, othersLink)).success).toBeNull();
    const old = signOutcomeLink(seats.replace("96", "2"), { email: PERSONAS.owner.email }, { now: Date.now() - 3_600_000 });
    expect(loaderData<Page>(await billingPage(PERSONAS.owner.email, SPACES.acmeMarketing, old)).success).toBeNull();
  });

  it("gives seat additions a way to the members", async () => {
    const page = loaderData<Page>(
      await billingPageAfter(PERSONAS.owner.email, SPACES.acmeMarketing, "?checkout=success&success=seats-added&seats=2"),
    );
    expect(page.success?.manageMembers).toBe(`/${SPACES.acmeMarketing.id}/${SPACES.acmeMarketing.slug}/space/users`);
  });

  it("sends an inconsistent result to a clean billing page", async () => {
    for (const query of [
      "?checkout=success&from=FREE&workspaceSeats=3&gmailSeats=1",
      "?checkout=success&success=seats-added&seats=100",
    ]) {
      expect(redirectTarget(await billingPageAfter(PERSONAS.owner.email, SPACES.acmeMarketing, query))).toBe(
        billingOf(SPACES.acmeMarketing),
      );
    }
  });

  it("says the redirect flags", async () => {
    const page = loaderData<Page>(
      await billingPage(PERSONAS.owner.email, SPACES.acmeMarketing, "?cannot-change-billing-cycle-when-scheduled=true"),
    );
    expect(page.flag).toBe("cannot-change-billing-cycle-when-scheduled");
  });

  it("shows the scheduled seat downgrade", async () => {
    const page = loaderData<Page>(await billingPage(PERSONAS.stella.email, SPACES.fernStudio));
    expect(page.removal).toMatchObject({ toSeats: 3 });
  });
});

describe("back from the hosted Checkout that replaced a PayPal licence (001 §4 Billing success banner)", () => {
  const space = SPACES.oldcoTwo;
  const query = "?checkout=success&from=LEGACY&to=PRO";

  /** A checkout of the new Pro plan for the space's three members, which replaces its licence once paid. */
  async function legacyCheckoutUrl() {
    const client = await signedInClient(stack.backend, PERSONAS.legacy.email);
    const { status, body } = await client.post(
      `/billing/workspace-billing/workspaces/${space.id}/stripe/checkout/v1/session`,
      {
        workspaceId: space.id,
        addressInfo: { country: "US", city: "Boston", street: "1 Old Road" },
        customerName: PERSONAS.legacy.name,
        isB2BTransaction: false,
        goBackUrl: `http://localhost:3000${billingOf(space)}`,
        successUrl: `http://localhost:3000${billingOf(space)}${query}`,
        userName: PERSONAS.legacy.name,
        plans: [
          {
            stripePriceId: "price_pro_yearly_usd",
            userIds: [PERSONAS.legacy.id, PERSONAS.ottoOlsen.id, PERSONAS.orlaOwens.id],
            downgradeToFree: false,
          },
        ],
        upgradeLegacySubscription: true,
      },
      { "Idempotency-Key": "billing-page-legacy-checkout" },
    );
    expect(status).toBe(200);
    return body.url as string;
  }

  it("waits for the subscription that replaced the licence, not the licence still active, then says so", async () => {
    const url = await legacyCheckoutUrl();
    // The person is back before Stripe's event: the PayPal licence is still the active subscription.
    const events: string[] = [];
    const paying = new Promise((resolve) => setTimeout(resolve, 500))
      .then(() => payOnHostedPage(url, TEST_CARDS.pays))
      .then(() => events.push("paid"));
    const back = signedFor(PERSONAS.legacy.email, query);
    const first = await billingPage(PERSONAS.legacy.email, space, back);
    events.push("answered");
    await paying;
    expect(events).toEqual(["paid", "answered"]);
    expect(redirectTarget(first)).toBe(`${billingOf(space)}${back}&reloaded=1`);

    const page = loaderData<Page>(await billingPage(PERSONAS.legacy.email, space, `${back}&reloaded=1`));
    expect(page.success).toEqual({
      title: "Your new subscription has started.",
      detail: "Your previous subscription was cancelled.",
      manageMembers: null,
    });
    expect(page.current.name).toBe("Pro plan");
    expect(page.legacyUpsell).toBeNull();
  });
});

describe("a scheduled billing-cycle change (001 §2)", () => {
  it("is shown, confirmed in a dialog, and cancelled at Stripe", async () => {
    const before = loaderData<Page>(
      await billingPage(PERSONAS.tia.email, SPACES.tidalOne, "?confirm=cancel-interval-change"),
    );
    expect(before.intervalChange).toMatchObject({ target: "MONTHLY", confirming: true });

    const { cookie } = await signIn(stack.backend, PERSONAS.tia.email);
    const cancelled = await run(
      action,
      appRequest(billingOf(SPACES.tidalOne), { cookie, method: "POST", form: { intent: "cancel-interval-change" } }),
      paramsOf(SPACES.tidalOne),
    );
    expect(signedTarget(cancelled)).toBe(`${billingOf(SPACES.tidalOne)}?banner=interval-change-cancelled`);
    await stack.emulator.webhooks.settled();
    const after = loaderData<Page>(await billingPage(PERSONAS.tia.email, SPACES.tidalOne));
    expect(after.intervalChange).toBeNull();
  });
});

type Mend = { href: string | null; form: { action: string; intent: string } | null };
type Shell = { paymentAlert: null | { kind: string; dismissible: boolean; key: string; mend: Mend } };

async function shellOf(email: string, space: Space, cookieExtra = "") {
  const { cookie } = await signIn(stack.backend, email);
  const outcome = await run(
    shellLoader,
    appRequest(`/${space.id}/${space.slug}/mail-merges/sent`, { cookie: `${cookie}${cookieExtra}` }),
    paramsOf(space),
  );
  return { cookie, shell: loaderData<Shell>(outcome) };
}

describe("payment alerts (000 §8, 001 §4)", () => {
  it("shows a per-seat space's failed payment to its owner only, undismissible, with the portal", async () => {
    const { shell } = await shellOf(PERSONAS.pia.email, SPACES.pineLabs);
    expect(shell.paymentAlert).toMatchObject({ kind: "failed", dismissible: false });
    expect(shell.paymentAlert?.mend).toEqual({
      href: null,
      form: { action: billingOf(SPACES.pineLabs), intent: "portal", idempotencyKey: null },
    });
    expect((await shellOf(PERSONAS.paul.email, SPACES.pineLabs)).shell.paymentAlert).toBeNull();
  });

  it("shows a per-user space's confirmation to admins, leading to the card's authentication, and forgets it once dismissed", async () => {
    const { shell, cookie } = await shellOf(PERSONAS.quentin.email, SPACES.quillCo);
    expect(shell.paymentAlert).toMatchObject({ kind: "confirmation", dismissible: true });
    expect(shell.paymentAlert?.mend.form).toEqual({
      action: billingOf(SPACES.quillCo),
      intent: "confirm-payment",
      idempotencyKey: expect.stringMatching(/^[\w-]{16,}$/),
    });
    // The card asks for authentication: Stripe's page for it (tests/integration/app/payment-authentication.test.ts).
    const confirm = await run(
      action,
      appRequest(billingOf(SPACES.quillCo), { cookie, method: "POST", form: { intent: "confirm-payment" } }),
      paramsOf(SPACES.quillCo),
    );
    expect(redirectTarget(confirm)).toMatch(new RegExp(`^http://localhost:${stack.emulator.port}/3d_secure/`));

    const dismissed = await run(
      dismissAction,
      appRequest(`/${SPACES.quillCo.id}/${SPACES.quillCo.slug}/payment-alert`, {
        cookie,
        method: "POST",
        form: { key: shell.paymentAlert!.key, redirectTo: billingOf(SPACES.quillCo) },
      }),
      paramsOf(SPACES.quillCo),
    );
    expect(redirectTarget(dismissed)).toBe(billingOf(SPACES.quillCo));
    const preferences = (dismissed.result as Response).headers.get("Set-Cookie")!.split(";")[0]!;
    expect((await shellOf(PERSONAS.quentin.email, SPACES.quillCo, `; ${preferences}`)).shell.paymentAlert).toBeNull();
    expect((await shellOf(PERSONAS.quinn.email, SPACES.quillCo)).shell.paymentAlert).not.toBeNull();
  });

  it("tells the owner of a space whose payments all failed, with a new purchase", async () => {
    const { shell } = await shellOf(PERSONAS.hal.email, SPACES.harbor);
    expect(shell.paymentAlert).toMatchObject({ kind: "all-failed", dismissible: true });
    expect(shell.paymentAlert?.mend).toEqual({
      href: `/${SPACES.harbor.id}/${SPACES.harbor.slug}/checkout/details`,
      form: null,
    });
  });

  it("says nothing to a paying space", async () => {
    expect((await shellOf(PERSONAS.owner.email, SPACES.acmeMarketing)).shell.paymentAlert).toBeNull();
  });
});
