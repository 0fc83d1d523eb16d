import { invoiceEvent, markInvoicePaid, voidInvoice } from "./invoices";
import type { Invoice, Subscription } from "./objects";
import type { StripeState } from "./state";
import { applyPendingUpdate } from "./subscription-updates";
import type { Emit } from "./webhooks";

/** The subscription an invoice bills. */
const subscriptionOf = (state: StripeState, invoice: Invoice) => {
  const { subscription } = invoice.parent!.subscription_details!;
  return state.get("subscription", typeof subscription === "string" ? subscription : subscription.id);
};

/** Whether the subscription's pending update waits for this invoice. */
const waitsFor = (subscription: Subscription, invoice: Invoice) =>
  subscription.pending_update !== null && subscription.latest_invoice === invoice.id;

/**
 * What follows when an open invoice's payment goes through, however it was
 * made (its hosted page, an authentication, a confirmation): the invoice is
 * paid; the pending update waiting for it is applied, or the subscription
 * it kept past due is active again; told as Stripe's events.
 */
export function settleInvoice(state: StripeState, invoice: Invoice, emit: Emit) {
  markInvoicePaid(state, invoice);
  const subscription = subscriptionOf(state, invoice);
  if (waitsFor(subscription, invoice)) {
    applyPendingUpdate(state, subscription);
    emit("customer.subscription.pending_update_applied", subscription);
    emit("customer.subscription.updated", subscription);
  } else if (subscription.status === "past_due" && subscription.latest_invoice === invoice.id) {
    subscription.status = "active";
    emit("customer.subscription.updated", subscription);
  }
  emit("invoice.paid", invoice);
}

/** A payment attempt on an open invoice that did not go through (declined, or asking for authentication), told. */
export function reportUnpaid(state: StripeState, invoice: Invoice, emit: Emit) {
  emit(invoiceEvent(state, invoice), invoice);
}

/**
 * An open invoice voided: `invoice.voided`; a pending update waiting for it
 * is discarded (`customer.subscription.updated`, after
 * `customer.subscription.pending_update_expired` when it is its expiry).
 */
export function voidAndTell(state: StripeState, invoice: Invoice, emit: Emit, { expired = false } = {}) {
  voidInvoice(state, invoice);
  const subscription = subscriptionOf(state, invoice);
  const discarded = waitsFor(subscription, invoice);
  if (discarded) subscription.pending_update = null;
  emit("invoice.voided", invoice);
  if (!discarded) return;
  if (expired) emit("customer.subscription.pending_update_expired", subscription);
  emit("customer.subscription.updated", subscription);
}
