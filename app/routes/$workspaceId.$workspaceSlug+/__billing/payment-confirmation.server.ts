import { confirmLatestPayment } from "~/api/billing.server";
import { isBackendError } from "~/api/http.server";
import { z } from "zod";
import { seatCheckoutSections, spacePath } from "~/domain/space-paths";
import { sessionSecrets } from "~/env.server";
import { appUrl } from "~/utils/app-url.server";
import { decryptValue, encryptValue } from "~/utils/encrypted-cookie.server";
import type { SpaceContext } from "~/utils/space.server";

/** The query parameter of the payment a return belongs to, sealed by the app (see paymentReturnUrl). */
export const PAYMENT_PARAM = "payment";
/** The sealed value's purpose, bound into it: it opens as nothing else. */
const SEALED_AS = "payment-return";
/** Stripe's authentication page is left within this, or the return no longer waits for the payment. */
const RETURN_WITHIN_MS = 60 * 60 * 1000;

const startedPaymentSchema = z.object({
  workspaceId: z.string(),
  sessionId: z.string(),
  expiresAt: z.number(),
  seats: z.object({ added: z.number().int().positive(), total: z.number().int().positive() }).nullable(),
});
/** A payment this session started in this space: for a seat increase, the count it adds and the total it reaches. */
export type StartedPayment = z.infer<typeof startedPaymentSchema>;

/**
 * Where Stripe sends the browser back once the card is authenticated
 * (checkout/payment-return), carrying the payment this session started,
 * sealed with the session's secret: the return waits for its webhook only
 * then, never for a count someone typed into the query.
 */
export function paymentReturnUrl(request: Request, space: SpaceContext, seats?: { added: number; total: number }) {
  const started: StartedPayment = {
    workspaceId: space.workspace.workspaceId,
    sessionId: space.auth.session.sessionId,
    expiresAt: Date.now() + RETURN_WITHIN_MS,
    seats: seats ?? null,
  };
  const sealed = encryptValue(JSON.stringify(started), sessionSecrets()[0]!, SEALED_AS);
  const query = new URLSearchParams({ [PAYMENT_PARAM]: sealed });
  return appUrl(request, `${spacePath(space.urlPrefix, seatCheckoutSections.paymentReturn)}?${query}`);
}

/** The payment a return's query carries, when this session started it in this space within the hour; else null. */
export function startedPaymentOf(query: URLSearchParams, space: SpaceContext, now = Date.now()): StartedPayment | null {
  const opened = decryptValue(query.get(PAYMENT_PARAM) ?? "", sessionSecrets(), SEALED_AS);
  const parsed = opened === null ? null : startedPaymentSchema.safeParse(JSON.parse(opened));
  if (!parsed?.success) return null;
  const started = parsed.data;
  const ours =
    started.workspaceId === space.workspace.workspaceId && started.sessionId === space.auth.session.sessionId;
  return ours && started.expiresAt > now ? started : null;
}

export type PaymentOutcome = { redirectTo: string } | { status: "succeeded" | "declined" | "nothing-to-pay" };

/**
 * Pays the subscription's latest invoice whose payment waits for the
 * customer, through Stripe's redirect-based authentication (no JavaScript
 * needed): the page to send the browser to when the card asks for it, or
 * how the payment ended without one.
 */
export async function payLatestInvoice(
  space: SpaceContext,
  subscriptionId: string,
  { returnUrl, idempotencyKey }: { returnUrl: string; idempotencyKey: string },
): Promise<PaymentOutcome> {
  try {
    const confirmation = await confirmLatestPayment(
      space.auth,
      space.workspace.workspaceId,
      subscriptionId,
      returnUrl,
      idempotencyKey,
    );
    if (confirmation.redirectToUrl) return { redirectTo: confirmation.redirectToUrl };
    return { status: confirmation.status === "succeeded" ? "succeeded" : "declined" };
  } catch (error) {
    if (isBackendError(error, 409)) return { status: "nothing-to-pay" };
    throw error;
  }
}
