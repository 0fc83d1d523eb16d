import { invoiceEvent, markInvoicePaid } from "./invoices";
import type { StripeObject } from "./objects";
import type { StripeState } from "./state";
import { reactivatedBy } from "./subscriptions";
import type { Emit } from "./webhooks";

/**
 * What follows when an open invoice's payment goes through, however it was
 * made (its hosted page, an authentication, a confirmation): the invoice is
 * paid, the subscription it kept past due is active again, and both are
 * told as Stripe's events.
 */
export function settleInvoice(state: StripeState, invoice: StripeObject, emit: Emit) {
  markInvoicePaid(state, invoice);
  const reactivated = reactivatedBy(state, invoice);
  if (reactivated) emit("customer.subscription.updated", reactivated);
  emit("invoice.paid", invoice);
}

/** A payment attempt on an open invoice that did not go through (declined, or asking for authentication), told. */
export function reportUnpaid(state: StripeState, invoice: StripeObject, emit: Emit) {
  emit(invoiceEvent(state, invoice), invoice);
}
