/**
 * The per-seat checkout (issue 8; 001 §2, §4, §5): details, billing
 * information and Stripe's hosted Checkout, adding and removing seats, each
 * through the app's loaders and actions against a backend and a local
 * Stripe whose webhooks reach it.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as details from "~/routes/$workspaceId.$workspaceSlug+/checkout+/details";
import * as information from "~/routes/$workspaceId.$workspaceSlug+/checkout+/information";
import * as addSeats from "~/routes/$workspaceId.$workspaceSlug+/checkout+/add-seats";
import * as removeSeats from "~/routes/$workspaceId.$workspaceSlug+/checkout+/remove-seats";
import * as options from "~/routes/$workspaceId.$workspaceSlug+/checkout+/_index";
import { loader as billingLoader } from "~/routes/$workspaceId.$workspaceSlug+/space+/billing";
import * as billingDetails from "~/routes/$workspaceId.$workspaceSlug+/space+/billing_.details";
import * as billingInformation from "~/routes/$workspaceId.$workspaceSlug+/space+/billing_.information";
import * as billingAddSeats from "~/routes/$workspaceId.$workspaceSlug+/space+/billing_.add-seats";
import * as billingRemoveSeats from "~/routes/$workspaceId.$workspaceSlug+/space+/billing_.remove-seats";
import { loader as billingOtherLoader } from "~/routes/$workspaceId.$workspaceSlug+/space+/billing_.$";
import { PERSONAS, SPACES } from "../../../backend/src/db/seed/personas";
import { asPersona, pathOf } from "../support/space-pages";
import { payOnHostedPage, TEST_CARDS } from "../backend/support/billing";
import { loaderData, redirectTarget, signedFor, signedTarget, startAppBillingStack, statusOf, unsigned } from "../support/app";
import { renderPage, textOf } from "../support/render-page";
import { addExtraMember, PINE_THIRD } from "../../support/crowded-space";

let stack: Awaited<ReturnType<typeof startAppBillingStack>>;
beforeAll(async () => {
  stack = await startAppBillingStack();
});
afterAll(() => stack?.close());

const as = (email: string) => asPersona(stack.backend, email);

const address = {
  country: "US",
  name: "Bea Birch",
  street: "1 Birch Road",
  city: "Portland",
  state: "OR",
  postalCode: "97201",
};

describe("buying seats (001 §2, §4)", () => {
  it("goes from details to information to Stripe, and the webhook makes the space Pro with its seats", async () => {
    const bea = await as(PERSONAS.bea.email);
    // A step reached without its earlier data goes back to where it can start.
    expect(redirectTarget(await bea.get(information, SPACES.birchWorks, "checkout/information"))).toBe(
      pathOf(SPACES.birchWorks, "checkout/details"),
    );

    const refused = await bea.post(details, SPACES.birchWorks, "checkout/details", { purchaseFor: "team", seats: "1" });
    expect(statusOf(refused)).toBe(400);
    expect(loaderData(refused)).toEqual({
      values: { purchaseFor: "team", seats: "1" },
      error: "The number must be between 2 and 100.",
    });
    // What was typed is kept for the next visit.
    expect(
      loaderData<{ purchaseFor: string; seats: string }>(await bea.get(details, SPACES.birchWorks, "checkout/details")),
    ).toMatchObject({
      purchaseFor: "team",
      seats: "1",
    });

    const next = await bea.post(details, SPACES.birchWorks, "checkout/details", { purchaseFor: "team", seats: "3" });
    expect(redirectTarget(next)).toBe(pathOf(SPACES.birchWorks, "checkout/information"));

    const page = loaderData<{
      domain: string;
      wrongDomain: boolean;
      summary: { lines: Array<{ label: string }>; billed: string };
      quote: { chargedToday: number; currency: string };
      header: { steps: Array<{ title: string }>; current: string; backTo: string };
    }>(await bea.get(information, SPACES.birchWorks, "checkout/information"));
    expect(page).toMatchObject({
      domain: "birch.test",
      wrongDomain: false,
      summary: { lines: [{ label: "Pro × 3 seats" }], billed: "Billed annually" },
      quote: { chargedToday: 18000, currency: "USD" },
    });
    expect(page.header.steps.map((step) => step.title)).toEqual(["Billing details", "Billing information", "Checkout"]);
    expect(page.header.backTo).toBe(pathOf(SPACES.birchWorks, "checkout/details"));

    const key = "birch-purchase-key-0001";
    const checkout = await bea.post(information, SPACES.birchWorks, "checkout/information", {
      ...address,
      intent: "checkout",
      idempotencyKey: key,
    });
    const hosted = redirectTarget(checkout);
    expect(hosted).toMatch(new RegExp(`^http://localhost:${stack.emulator.port}/c/pay/`));
    // The same form sent again (a double click, a reload of the POST) opens the same Checkout Session.
    const again = await bea.post(information, SPACES.birchWorks, "checkout/information", {
      ...address,
      intent: "checkout",
      idempotencyKey: key,
    });
    expect(redirectTarget(again)).toBe(hosted);

    const paid = await payOnHostedPage(hosted!, TEST_CARDS.pays);
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get("Location")!);
    // Signed for the buyer; Stripe writes the session's id in: the return settles the purchase with it (issue 33).
    expect(unsigned(`${back.pathname}${back.search}`)).toMatch(
      `${pathOf(SPACES.birchWorks, "space/billing")}?checkout=success&from=FREE&to=PRO&workspaceSeats=3&session_id=cs_`,
    );
    await stack.emulator.webhooks.settled();

    const billing = loaderData<{
      current: { name: string; seats: { total: number; used: number } };
      success: { title: string; detail: string };
    }>(await bea.get({ loader: billingLoader }, SPACES.birchWorks, `space/billing${back.search}`));
    expect(billing.current).toMatchObject({ name: "Pro plan", seats: { total: 3, used: 1 } });
    expect(billing.success).toEqual({
      title: "Your subscription has started.",
      detail: "Your space now has 3 paid seats.",
      manageMembers: null,
    });
  });

  it("refuses bad information with the spec's messages, keeping what was typed", async () => {
    const ava = await as(PERSONAS.ava.email);
    await ava.post(details, SPACES.aspenWorks, "checkout/details", { purchaseFor: "myself" });
    const refused = await ava.post(information, SPACES.aspenWorks, "checkout/information", {
      country: "DE",
      isBusinessPurchase: "yes",
      name: "Ava",
      street: "",
      city: "B",
      intent: "checkout",
    });
    expect(statusOf(refused)).toBe(400);
    const body = loaderData(refused) as {
      values: Record<string, string>;
      errors: Record<string, string[]>;
    };
    expect(body.values).toMatchObject({ country: "DE", isBusinessPurchase: "yes", name: "Ava", city: "B" });
    expect(body.errors).toEqual({
      street: ["Street is a required field"],
      city: ["City is a required field"],
      vatNumber: ["The VAT ID is a required field for a business purchase"],
      companyName: ["Company name is a required field"],
    });
  });

  it("says a VAT ID Stripe refuses on its field, and quotes EUR with VAT", async () => {
    const ava = await as(PERSONAS.ava.email);
    await ava.post(details, SPACES.aspenWorks, "checkout/details", { purchaseFor: "myself" });
    // A new country drops the business answer (001 §5), then it is given again.
    await ava.post(information, SPACES.aspenWorks, "checkout/information", { country: "DE", intent: "preview" });
    const page = loaderData<{ quote: { currency: string; taxRate: number } }>(
      await ava.get(information, SPACES.aspenWorks, "checkout/information"),
    );
    expect(page.quote).toMatchObject({ currency: "EUR", taxRate: 19 });
    const refused = await ava.post(information, SPACES.aspenWorks, "checkout/information", {
      country: "DE",
      isBusinessPurchase: "yes",
      vatNumber: "not-a-vat",
      companyName: "Aspen GmbH",
      name: "Ava Aspen",
      street: "Birkenweg 1",
      city: "Berlin",
      intent: "checkout",
    });
    expect(statusOf(refused)).toBe(400);
    expect((loaderData(refused) as { errors: unknown }).errors).toEqual({
      vatNumber: ["This VAT ID doesn't seem to be valid."],
    });
  });

  it("asks a domain purchase for an address of the domain", async () => {
    const owner = await as(PERSONAS.owner.email);
    // owner@acme.test is a member of Acme Sales, not its owner: no billing access.
    expect(redirectTarget(await owner.get(details, SPACES.acmeSales, "checkout/details"))).toBe(
      pathOf(SPACES.acmeSales, "").replace(/\/$/, ""),
    );
  });

  it("sends a Gmail user straight to the information step, and a paying space to billing", async () => {
    const solo = await as(PERSONAS.solo.email);
    expect(redirectTarget(await solo.get(details, SPACES.samsSpace, "checkout/details"))).toBe(
      pathOf(SPACES.samsSpace, "checkout/information"),
    );
    const page = loaderData<{
      summary: { lines: Array<{ label: string }> };
      domain: string | null;
      header: { steps: Array<{ title: string }> };
    }>(await solo.get(information, SPACES.samsSpace, "checkout/information"));
    expect(page).toMatchObject({ summary: { lines: [{ label: "Pro × 1 seat" }] }, domain: null });
    expect(page.header.steps.map((step) => step.title)).toEqual(["Billing information", "Checkout"]);
    expect(redirectTarget(await solo.get(options, SPACES.samsSpace, "checkout"))).toBe(
      pathOf(SPACES.samsSpace, "space/billing"),
    );

    const owner = await as(PERSONAS.owner.email);
    expect(redirectTarget(await owner.get(details, SPACES.acmeMarketing, "checkout/details"))).toBe(
      pathOf(SPACES.acmeMarketing, "space/billing"),
    );
  });
});

describe("the purchase's sidebar with a seat coupon (001 §9: coupon display is disabled)", () => {
  it("lines the seats at what is paid for them, with no discount line ($0.00 or other)", async () => {
    const sara = await as(PERSONAS.salesLead.email);
    await sara.post(details, SPACES.acmeSales, "checkout/details", { purchaseFor: "team", seats: "5" });
    const page = loaderData(await sara.get(information, SPACES.acmeSales, "checkout/information"));
    const text = textOf(renderPage(information, page));
    // Five seats at $60 a year with 5SEATS (20 % off): $240, as Stripe's hosted page totals them.
    expect(text).toContain("Summary Pro × 5 seats $240.00 Total due $240.00 Billed annually");
    expect(text).not.toContain("Discount");
  });
});

describe("adding seats (001 §4)", () => {
  it("quotes the added seats prorated, and the webhook brings them", async () => {
    const mona = await as(PERSONAS.mona.email);
    const page = loaderData<{
      current: number;
      offer: { seats: number; line: string; chargedToday: string; nextPayment: string; nextPaymentDate: string };
    }>(await mona.get(addSeats, SPACES.mapleMedia, "checkout/add-seats?seats=2"));
    expect(page.current).toBe(4);
    expect(page.offer.seats).toBe(2);
    expect(page.offer.line).toMatch(/^new 2 seats @ \$4\.00 \/ seat \/ month, prorated for \d+ days$/);
    // 6 seats with 5SEATS (20 % off): $4 a seat a month, $288 a year.
    expect(page.offer.nextPayment).toBe("$288.00");
    expect(page.offer.nextPaymentDate).toMatch(/^[A-Z][a-z]+ \d{1,2}(st|nd|rd|th), \d{4}$/);

    // Issue 34: past what is left under 100, or not a whole number, the count is refused, never clamped.
    const typed = await mona.get(addSeats, SPACES.mapleMedia, "checkout/add-seats?seats=97");
    expect(statusOf(typed)).toBe(400);
    const typedPage = loaderData<{ count: unknown; offer: unknown }>(typed);
    expect(typedPage).toMatchObject({ count: { value: "97", error: "The number must be between 1 and 96." }, offer: null });
    const shown = textOf(renderPage(addSeats, typedPage));
    expect(shown).toContain("The number must be between 1 and 96.");
    const field = renderPage(addSeats, typedPage).match(/<input[^>]*id="seats"[^>]*>/)?.[0];
    expect(field).toContain('value="97"');
    expect(field).toContain('aria-invalid="true"');
    for (const seats of ["97", "-1", "0", "abc", "2.5", ""]) {
      const refused = await mona.post(addSeats, SPACES.mapleMedia, "checkout/add-seats", { seats });
      expect(statusOf(refused)).toBe(400);
      expect(loaderData<{ count: unknown }>(refused).count).toEqual({
        value: seats,
        error: "The number must be between 1 and 96.",
      });
    }
    const untouched = loaderData<{ current: { seats: { total: number } } }>(
      await mona.get({ loader: billingLoader }, SPACES.mapleMedia, "space/billing"),
    );
    expect(untouched.current.seats.total).toBe(4);

    const added = await mona.post(addSeats, SPACES.mapleMedia, "checkout/add-seats", { seats: "2" });
    expect(signedTarget(added)).toBe(
      `${pathOf(SPACES.mapleMedia, "space/billing")}?checkout=success&success=seats-added&seats=2`,
    );
    const billing = loaderData<{ current: { seats: { total: number } } }>(
      await mona.get({ loader: billingLoader }, SPACES.mapleMedia, "space/billing"),
    );
    expect(billing.current.seats.total).toBe(6);
  });

  it("keeps members, admins and other spaces' owners out", async () => {
    const mel = await as(PERSONAS.mel.email);
    expect(redirectTarget(await mel.get(addSeats, SPACES.cedarMedia, "checkout/add-seats"))).toBe(
      pathOf(SPACES.cedarMedia, "").replace(/\/$/, ""),
    );
    expect(redirectTarget(await mel.post(addSeats, SPACES.cedarMedia, "checkout/add-seats", { seats: "2" }))).toBe(
      pathOf(SPACES.cedarMedia, "").replace(/\/$/, ""),
    );
    const arlo = await as(PERSONAS.arlo.email);
    expect(redirectTarget(await arlo.get(addSeats, SPACES.fernStudio, "checkout/add-seats"))).toBe(
      pathOf(SPACES.fernStudio, "").replace(/\/$/, ""),
    );
  });

  it("adds a form's seats once however often it is sent, and refuses its key for another count", async () => {
    const mona = await as(PERSONAS.mona.email);
    const seatsNow = async () =>
      loaderData<{ current: { seats: { total: number } } }>(
        await mona.get({ loader: billingLoader }, SPACES.mapleMedia, "space/billing"),
      ).current.seats.total;
    const before = await seatsNow();
    const form = { seats: "1", idempotencyKey: randomUUID() };

    const first = await mona.post(addSeats, SPACES.mapleMedia, "checkout/add-seats", form);
    const again = await mona.post(addSeats, SPACES.mapleMedia, "checkout/add-seats", form);
    expect(signedTarget(again)).toBe(signedTarget(first));
    expect(await seatsNow()).toBe(before + 1);

    // The same key with another count (a tampered or stale form): nothing is added, and no "Well done".
    const other = await mona.post(addSeats, SPACES.mapleMedia, "checkout/add-seats", { ...form, seats: "3" });
    expect(statusOf(other)).toBeGreaterThanOrEqual(400);
    expect(loaderData<{ error: string }>(other).error).toBe("An error occurred. Please try again.");
    expect(await seatsNow()).toBe(before + 1);
  });

  it("sends to billing while a removal is scheduled", async () => {
    const stella = await as(PERSONAS.stella.email);
    expect(redirectTarget(await stella.get(addSeats, SPACES.fernStudio, "checkout/add-seats"))).toBe(
      pathOf(SPACES.fernStudio, "space/billing"),
    );
    expect(redirectTarget(await stella.get(removeSeats, SPACES.fernStudio, "checkout/remove-seats"))).toBe(
      pathOf(SPACES.fernStudio, "space/billing"),
    );
  });
});

describe("removing seats (001 §4)", () => {
  it("offers the totals down to the seats in use, and schedules the removal", async () => {
    const mona = await as(PERSONAS.mona.email);
    const page = loaderData<{
      used: number;
      total: number;
      totals: number[];
      offer: { target: number; removed: number; newRate: string; nextPayment: string };
    }>(await mona.get(removeSeats, SPACES.cedarMedia, "checkout/remove-seats?seats=2"));
    expect(page).toMatchObject({
      used: 2,
      total: 4,
      totals: [3, 2],
      offer: { target: 2, removed: 2, newRate: "$5.00" },
    });
    expect(page.offer.nextPayment).toMatch(/^Next payment: \$120\.00 on /);

    const refused = await mona.post(removeSeats, SPACES.cedarMedia, "checkout/remove-seats", { seats: "1" });
    expect(statusOf(refused)).toBe(400);
    expect(loaderData<{ count: unknown }>(refused).count).toEqual({
      value: "1",
      error: "The number must be between 2 and 3.",
    });
    const typed = await mona.get(removeSeats, SPACES.cedarMedia, "checkout/remove-seats?seats=4");
    expect(statusOf(typed)).toBe(400);
    expect(loaderData(typed)).toMatchObject({ count: { error: "The number must be between 2 and 3." }, offer: null });

    const removed = await mona.post(removeSeats, SPACES.cedarMedia, "checkout/remove-seats", { seats: "2" });
    expect(signedTarget(removed)).toBe(
      `${pathOf(SPACES.cedarMedia, "space/billing")}?checkout=success&success=seats-removed&seats=2`,
    );
    const billing = loaderData<{ removal: { toSeats: number }; success: { title: string; detail: string } }>(
      await mona.get(
        { loader: billingLoader },
        SPACES.cedarMedia,
        signedFor(PERSONAS.mona.email, "space/billing?checkout=success&success=seats-removed&seats=2"),
      ),
    );
    expect(billing.removal).toMatchObject({ toSeats: 2 });
    expect(billing.success.title).toBe("Your seat removal is scheduled.");
    expect(billing.success.detail).toMatch(/^2 seats will be removed on /);
  });
});

describe("removing seats with every seat in use (001 §2 Remove seats screen)", () => {
  it("warns, and its disabled button names no count (issue 25: it said 'Remove 0 seats')", async () => {
    await addExtraMember(stack.backend.db, {
      workspaceId: SPACES.pineLabs.id,
      user: PINE_THIRD,
      userPlan: "PRO",
    });
    const pia = await as(PERSONAS.pia.email);
    const page = loaderData<{ used: number; total: number; offer: unknown }>(
      await pia.get(removeSeats, SPACES.pineLabs, "checkout/remove-seats"),
    );
    expect(page).toMatchObject({ used: 3, total: 3, offer: null });
    const html = renderPage(removeSeats, page);
    expect(textOf(html)).toContain("You need to remove members before removing seats");
    expect(html).toMatch(/<button type="submit" disabled=""[^>]*>Remove seats<\/button>/);
    expect(textOf(html)).not.toContain("Remove 0 seats");
  });
});

describe("checkout query rules (001 §4)", () => {
  it("refuses a change of plan and cycle at once, and a cycle change while a schedule waits", async () => {
    const premium = await as(PERSONAS.premium.email);
    expect(redirectTarget(await premium.get(options, SPACES.bigco, "checkout?plan=PRO&interval=MONTHLY"))).toBe(
      `${pathOf(SPACES.bigco, "space/billing")}?cannot-update-subscription-plan-and-interval=true`,
    );
    const tia = await as(PERSONAS.tia.email);
    expect(redirectTarget(await tia.get(options, SPACES.tidalTwo, "checkout?plan=PRO&interval=MONTHLY"))).toBe(
      `${pathOf(SPACES.tidalTwo, "space/billing")}?cannot-change-billing-cycle-when-scheduled=true`,
    );
    // A plan change alone is allowed: an upgrade goes straight to its review (001 §2 UPGRADE has 'Review' only).
    expect(redirectTarget(await tia.get(options, SPACES.tidalTwo, "checkout?plan=PREMIUM&interval=YEARLY"))).toBe(
      `${pathOf(SPACES.tidalTwo, "checkout/summary")}?plan=PREMIUM&interval=YEARLY`,
    );
  });
});

describe("the billing area's sub-routes (001 §2: /details, /information, /add-seats, /remove-seats)", () => {
  it("serve the checkout's screens, their query kept, and their forms", async () => {
    const sara = await as(PERSONAS.salesLead.email);
    const detailsPage = loaderData<{ spaceName: string; header: { steps: Array<{ title: string }> } }>(
      await sara.get(billingDetails, SPACES.acmeSales, "space/billing/details"),
    );
    expect(detailsPage.spaceName).toBe("Acme Sales");
    expect(detailsPage.header.steps.map((step) => step.title)).toEqual([
      "Billing details",
      "Billing information",
      "Checkout",
    ]);
    const next = await sara.post(billingDetails, SPACES.acmeSales, "space/billing/details", {
      purchaseFor: "team",
      seats: "4",
    });
    expect(redirectTarget(next)).toBe(pathOf(SPACES.acmeSales, "checkout/information"));
    const informationPage = loaderData<{ summary: { lines: Array<{ label: string }> } }>(
      await sara.get(billingInformation, SPACES.acmeSales, "space/billing/information"),
    );
    expect(informationPage.summary.lines.map((line) => line.label)).toEqual(["Pro × 4 seats"]);

    const mona = await as(PERSONAS.mona.email);
    const adding = loaderData<{ offer: { seats: number } }>(
      await mona.get(billingAddSeats, SPACES.mapleMedia, "space/billing/add-seats?seats=3"),
    );
    expect(adding.offer.seats).toBe(3);
    const removing = loaderData<{ offer: { target: number }; totals: number[] }>(
      await mona.get(billingRemoveSeats, SPACES.mapleMedia, "space/billing/remove-seats?seats=3"),
    );
    expect(removing.offer).toMatchObject({ target: 3 });
    expect(removing.totals).toContain(3);
  });

  it("still sends any other sub-path to billing", async () => {
    const mona = await as(PERSONAS.mona.email);
    expect(
      redirectTarget(await mona.get({ loader: billingOtherLoader }, SPACES.mapleMedia, "space/billing/summary")),
    ).toBe(pathOf(SPACES.mapleMedia, "space/billing"));
  });
});
