/**
 * The billing page when Stripe cannot be reached (001 §8): the backend
 * answers a failure, the page says the spec's sentence and keeps the
 * confirmation open; nothing of the failure's own text reaches it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action } from "~/routes/$workspaceId.$workspaceSlug+/space+/billing";
import { PERSONAS, SPACES } from "../../../backend/src/db/seed/personas";
import { appRequest, loaderData, run, signIn, startAppBillingStack, statusOf } from "../support/app";

let stack: Awaited<ReturnType<typeof startAppBillingStack>>;
beforeAll(async () => {
  stack = await startAppBillingStack();
  // Stripe gone: every call the backend makes to it fails.
  await stack.emulator.close();
});
afterAll(() => stack?.close());

const billing = `/${SPACES.tidalOne.id}/${SPACES.tidalOne.slug}/space/billing`;

describe("cancelling a billing-cycle change while Stripe is unreachable", () => {
  it("says 'Something went wrong. Please try again later.' in the dialog", async () => {
    const { cookie } = await signIn(stack.backend, PERSONAS.tia.email);
    const failed = await run(
      action,
      appRequest(`${billing}?confirm=cancel-interval-change`, {
        cookie,
        method: "POST",
        form: { intent: "cancel-interval-change" },
      }),
      { workspaceId: SPACES.tidalOne.id, workspaceSlug: SPACES.tidalOne.slug },
    );
    expect(statusOf(failed)).toBe(502);
    expect(loaderData(failed)).toEqual({ intervalChangeError: "Something went wrong. Please try again later." });
  });
});
