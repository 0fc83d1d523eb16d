/**
 * A paid purchase is never lost (issue 33, item 1), through the app's
 * loaders and actions against a backend and a local Stripe: the backend
 * away while the buyer pays, back 60 s later; the purchase's webhooks lost
 * while the buyer comes back from Checkout; the buyer buying again meanwhile.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as details from "~/routes/$workspaceId.$workspaceSlug+/checkout+/details";
import * as information from "~/routes/$workspaceId.$workspaceSlug+/checkout+/information";
import { loader as billingLoader } from "~/routes/$workspaceId.$workspaceSlug+/space+/billing";
import { billingTexts } from "~/domain/billing-texts";
import { PERSONAS, SPACES } from "../../../backend/src/db/seed/personas";
import { asPersona, pathOf } from "../support/space-pages";
import { forgetPurchase, letStripeTimePass, payOnHostedPage, TEST_CARDS } from "../backend/support/billing";
import { loaderData, redirectTarget, startAppBillingStack, statusOf, unsigned } from "../support/app";

type Space = (typeof SPACES)[keyof typeof SPACES];
type Billing = { current: { name: string; isFree: boolean }; success: { title: string } | null };

let stack: Awaited<ReturnType<typeof startAppBillingStack>>;
beforeAll(async () => {
  stack = await startAppBillingStack({ stripeRetries: "stripe" });
});
afterAll(() => stack?.close());

const address = { country: "US", name: "A Buyer", street: "1 Main Street", city: "Portland", state: "OR" };
let keys = 0;

/** The buyer through details and information to Stripe's hosted page: answers its URL. */
async function openCheckout(buyer: Awaited<ReturnType<typeof asPersona>>, space: Space) {
  const next = await buyer.post(details, space, "checkout/details", { purchaseFor: "team", seats: "2" });
  expect(redirectTarget(next)).toBe(pathOf(space, "checkout/information"));
  const checkout = await buyer.post(information, space, "checkout/information", {
    ...address,
    intent: "checkout",
    idempotencyKey: `lost-webhooks-key-${String(++keys).padStart(4, "0")}`,
  });
  return checkout;
}

/** Pays on the hosted page; answers where Stripe sends the buyer back (path and query) and the session's id. */
async function pay(hosted: string) {
  const paid = await payOnHostedPage(hosted, TEST_CARDS.pays);
  expect(paid.status).toBe(303);
  const back = new URL(paid.headers.get("Location")!);
  return { back: `${back.pathname}${back.search}`, sessionId: back.searchParams.get("session_id")! };
}

const billingAt = (buyer: Awaited<ReturnType<typeof asPersona>>, space: Space, query: string) =>
  buyer.get({ loader: billingLoader }, space, `space/billing${query}`);

describe("a purchase paid while the backend is away (issue 33)", () => {
  it("shows on billing's next visit once the backend is back 60 s later, charged once", async () => {
    const bea = await asPersona(stack.backend, PERSONAS.bea.email);
    const hosted = redirectTarget(await openCheckout(bea, SPACES.birchWorks))!;
    await stack.backend.stop();
    const { back, sessionId } = await pay(hosted);
    expect(unsigned(back)).toMatch(/\?checkout=success&from=FREE&to=PRO&workspaceSeats=2&session_id=cs_/);
    // Stripe's first try and its retries after 1, 5 and 30 s are refused: the backend is away for 60 s.
    await letStripeTimePass(stack.emulator, 60);

    await stack.backend.start();
    const billing = loaderData<Billing>(await billingAt(bea, SPACES.birchWorks, ""));
    expect(billing.current).toMatchObject({ name: "Pro plan", isFree: false });
    const customer = (await stack.stripe.checkout.sessions.retrieve(sessionId)).customer;
    const charges = [...stack.emulator.state.invoices.values()].filter(
      (invoice) => invoice.customer === customer && invoice.status === "paid",
    );
    expect(charges).toHaveLength(1);
  });

  it("is applied by the buyer's return from Checkout, its webhooks lost: the page says the subscription started", async () => {
    const ava = await asPersona(stack.backend, PERSONAS.ava.email);
    const { back, sessionId } = await pay(redirectTarget(await openCheckout(ava, SPACES.aspenWorks))!);
    await stack.emulator.webhooks.settled();
    await forgetPurchase(stack.backend, SPACES.aspenWorks, sessionId);

    const query = back.slice(back.indexOf("?"));
    const returned = await billingAt(ava, SPACES.aspenWorks, query);
    expect(redirectTarget(returned)).toBe(`${pathOf(SPACES.aspenWorks, "space/billing")}${query}&reloaded=1`);
    const billing = loaderData<Billing>(await billingAt(ava, SPACES.aspenWorks, `${query}&reloaded=1`));
    expect(billing.current.name).toBe("Pro plan");
    expect(billing.success?.title).toBe("Your subscription has started.");
  });

  it("tells a buyer buying again while the earlier payment is applied, and charges nothing more", async () => {
    const sara = await asPersona(stack.backend, PERSONAS.salesLead.email);
    const { sessionId } = await pay(redirectTarget(await openCheckout(sara, SPACES.acmeSales))!);
    await stack.emulator.webhooks.settled();
    await forgetPurchase(stack.backend, SPACES.acmeSales, sessionId);

    const again = await openCheckout(sara, SPACES.acmeSales);
    expect(statusOf(again)).toBe(409);
    expect(loaderData<{ errors: { form: string[] } }>(again).errors.form).toEqual([billingTexts.paymentBeingApplied]);
    expect(loaderData<Billing>(await billingAt(sara, SPACES.acmeSales, "")).current.name).toBe("Pro plan");
  });
});
