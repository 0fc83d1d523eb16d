/**
 * Payments that need the customer (issue 24, items 5 and 6), through the
 * app's loaders and actions against a backend and a local Stripe: seats are
 * added only once paid; a card asking for authentication goes to Stripe's
 * page for it (a redirect: no JavaScript) and comes back to "Well done"; a
 * failed authentication or a declined card adds nothing and says so; "Confirm
 * your payment" takes the same way back to billing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as addSeats from "~/routes/$workspaceId.$workspaceSlug+/checkout+/add-seats";
import * as paymentReturn from "~/routes/$workspaceId.$workspaceSlug+/checkout+/payment-return";
import * as billing from "~/routes/$workspaceId.$workspaceSlug+/space+/billing";
import { loader as shellLoader } from "~/routes/$workspaceId.$workspaceSlug+/_layout";
import { PERSONAS, SPACES } from "../../../backend/src/db/seed/personas";
import { TEST_CARDS } from "../backend/support/billing";
import { signedInClient } from "../backend/support/api";
import { loaderData, redirectTarget, signedTarget, startAppBillingStack, statusOf } from "../support/app";
import { asPersona, pathOf, type Space } from "../support/space-pages";

let stack: Awaited<ReturnType<typeof startAppBillingStack>>;
beforeAll(async () => {
  stack = await startAppBillingStack();
});
afterAll(() => stack?.close());

const as = (email: string) => asPersona(stack.backend, email);

/** The owner replaces the space's card in the customer portal with a test card. */
async function replaceCard(email: string, space: Space, card: string) {
  const owner = await signedInClient(stack.backend, email);
  const portal = await owner.get(
    `/billing/workspace-billing/workspaces/${space.id}/stripe/customer/v1/portal?returnUrl=${encodeURIComponent("http://localhost:3000/")}`,
  );
  await fetch(`${portal.body.stripeCustomerPortalUrl}/card`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams({ card }),
  });
}

/**
 * On Stripe's authentication page the customer completes or fails it; Stripe
 * sends the browser back: the app's return URL, as a section of the space.
 */
async function authenticate(page: string, decision: "complete" | "fail", space: Space) {
  expect(page.startsWith(stack.emulator.publicUrl)).toBe(true);
  const back = await fetch(page, { method: "POST", redirect: "manual", body: new URLSearchParams({ decision }) });
  await stack.emulator.webhooks.settled();
  const url = new URL(back.headers.get("Location")!);
  return `${url.pathname}${url.search}`.slice(pathOf(space, "").length);
}

describe("adding seats with a card that asks for authentication (001 §4)", () => {
  it("goes to Stripe's page, comes back to 'Well done' with the seats added", async () => {
    await replaceCard(PERSONAS.mona.email, SPACES.cedarMedia, TEST_CARDS.needsAuthentication);
    const mona = await as(PERSONAS.mona.email);
    const asked = await mona.post(addSeats, SPACES.cedarMedia, "checkout/add-seats", { seats: "2" });
    expect(statusOf(asked)).toBe(303);
    const back = await authenticate(redirectTarget(asked)!, "complete", SPACES.cedarMedia);
    expect(back).toMatch(/^checkout\/payment-return\?payment=v1\.[\w-]+&payment_intent=/);
    expect(signedTarget(await mona.get(paymentReturn, SPACES.cedarMedia, back))).toBe(
      `${pathOf(SPACES.cedarMedia, "space/billing")}?checkout=success&success=seats-added&seats=2`,
    );
    const page = loaderData<{ current: { seats: { total: number } } }>(
      await mona.get(billing, SPACES.cedarMedia, "space/billing"),
    );
    expect(page.current.seats.total).toBe(6);
    // The same return in another session (another sign-in) is not its payment: billing, waiting for nothing.
    const elsewhere = await as(PERSONAS.mona.email);
    expect(signedTarget(await elsewhere.get(paymentReturn, SPACES.cedarMedia, back))).toBe(
      `${pathOf(SPACES.cedarMedia, "space/billing")}?banner=payment-confirmed`,
    );
  });

  it("waits for no count typed into the query: a forged return goes to billing as Stripe has it", async () => {
    const mona = await as(PERSONAS.mona.email);
    for (const forged of ["seats=1&total=100", "seats=1&total=100&payment=v1.forged"]) {
      expect(
        signedTarget(await mona.get(paymentReturn, SPACES.cedarMedia, `checkout/payment-return?${forged}`)),
      ).toBe(`${pathOf(SPACES.cedarMedia, "space/billing")}?banner=payment-confirmed`);
    }
  });

  it("comes back to the step, the count kept, saying nothing was added, when the authentication fails", async () => {
    const mona = await as(PERSONAS.mona.email);
    const asked = await mona.post(addSeats, SPACES.cedarMedia, "checkout/add-seats", { seats: "1" });
    const back = await authenticate(redirectTarget(asked)!, "fail", SPACES.cedarMedia);
    const step = redirectTarget(await mona.get(paymentReturn, SPACES.cedarMedia, back))!;
    expect(step).toBe(`${pathOf(SPACES.cedarMedia, "checkout/add-seats")}?seats=1&payment-failed=1`);
    const page = loaderData<{ current: number; offer: { seats: number }; refusal: { error: string } }>(
      await mona.get(addSeats, SPACES.cedarMedia, step.slice(pathOf(SPACES.cedarMedia, "").length)),
    );
    expect(page).toMatchObject({
      current: 6,
      offer: { seats: 1 },
      refusal: { error: "Your payment was not authenticated, so no seats were added. Please try again." },
    });
  });
});

describe("adding seats with a declined card", () => {
  it("adds nothing, says why and offers Manage billing, and leaves no payment alert", async () => {
    await replaceCard(PERSONAS.mona.email, SPACES.mapleMedia, TEST_CARDS.declined);
    const mona = await as(PERSONAS.mona.email);
    const refused = await mona.post(addSeats, SPACES.mapleMedia, "checkout/add-seats", { seats: "1" });
    expect(statusOf(refused)).toBe(402);
    expect(loaderData(refused)).toEqual({
      error: "Your card was declined, so no seats were added. Update your card in Manage billing, then try again.",
      declined: true,
      count: null,
    });
    await stack.emulator.webhooks.settled();
    const page = loaderData<{ current: { seats: { total: number } } }>(
      await mona.get(billing, SPACES.mapleMedia, "space/billing"),
    );
    expect(page.current.seats.total).toBe(4);
    const shell = loaderData<{ paymentAlert: unknown }>(
      await mona.get({ loader: shellLoader }, SPACES.mapleMedia, "space/billing"),
    );
    expect(shell.paymentAlert).toBeNull();
  });
});

describe("'Confirm your payment' (001 §8)", () => {
  /** The alert's form as the shell renders it: its intent and once-only key. */
  async function confirmForm(space: Space) {
    const quinn = await as(PERSONAS.quinn.email);
    const shell = loaderData<{ paymentAlert: { mend: { form: { intent: string; idempotencyKey: string } } } }>(
      await quinn.get({ loader: shellLoader }, space, "space/billing"),
    );
    const { intent, idempotencyKey } = shell.paymentAlert.mend.form;
    return { quinn, form: { intent, idempotencyKey } };
  }

  it("authenticates on Stripe's page and comes back to billing, paid, the alert gone", async () => {
    const { quinn, form } = await confirmForm(SPACES.quillTwo);
    const asked = await quinn.post(billing, SPACES.quillTwo, "space/billing", form);
    const back = await authenticate(redirectTarget(asked)!, "complete", SPACES.quillTwo);
    expect(back).toMatch(/^checkout\/payment-return\?payment=v1\.[\w-]+&payment_intent=/);
    expect(signedTarget(await quinn.get(paymentReturn, SPACES.quillTwo, back))).toBe(
      `${pathOf(SPACES.quillTwo, "space/billing")}?banner=payment-confirmed`,
    );
    const shell = loaderData<{ paymentAlert: unknown }>(
      await quinn.get({ loader: shellLoader }, SPACES.quillTwo, "space/billing"),
    );
    expect(shell.paymentAlert).toBeNull();
  });

  it("says the payment could not be confirmed when the authentication fails", async () => {
    const { quinn, form } = await confirmForm(SPACES.quillThree);
    const asked = await quinn.post(billing, SPACES.quillThree, "space/billing", form);
    const back = await authenticate(redirectTarget(asked)!, "fail", SPACES.quillThree);
    expect(signedTarget(await quinn.get(paymentReturn, SPACES.quillThree, back))).toBe(
      `${pathOf(SPACES.quillThree, "space/billing")}?banner=payment-not-confirmed`,
    );
  });
});
