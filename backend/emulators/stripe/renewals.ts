import { invoiceEvent } from "./invoices";
import type { StripeObject } from "./objects";
import { enterNextPhase } from "./schedules";
import type { StripeState } from "./state";
import { currentPeriodEnd, endSubscription, invoiceSubscription, itemsOf, periodEndFrom } from "./subscriptions";
import type { Emit } from "./webhooks";

const renewing = (subscription: StripeObject) => subscription.status === "active" || subscription.status === "past_due";

/**
 * Brings every subscription up to the clock: each period end it has passed,
 * earliest first, is dealt with at that instant (see endPeriod). Answers
 * whether anything changed.
 */
export function renewDueSubscriptions(state: StripeState, emit: Emit): boolean {
  let changed = false;
  for (;;) {
    const now = state.now();
    const [due] = [...state.subscriptions.values()]
      .filter((subscription) => renewing(subscription) && currentPeriodEnd(subscription) <= now)
      .sort((a, b) => currentPeriodEnd(a) - currentPeriodEnd(b));
    if (!due) return changed;
    state.clock.at(currentPeriodEnd(due), () => endPeriod(state, due, emit));
    changed = true;
  }
}

/**
 * A subscription's period ends: cancelled at period end (or by its
 * schedule's end), it ends (`customer.subscription.deleted`); otherwise its
 * schedule's next phase takes effect, a new period starts and is invoiced
 * and charged to the default card (`customer.subscription.updated`, then
 * `invoice.paid`, or `invoice.payment_action_required` /
 * `invoice.payment_failed` with the subscription past due).
 */
function endPeriod(state: StripeState, subscription: StripeObject, emit: Emit) {
  const schedule = subscription.schedule ? state.get("subscription_schedule", subscription.schedule as string) : null;
  const scheduled =
    !subscription.cancel_at_period_end && schedule?.status === "active"
      ? enterNextPhase(state, schedule, subscription)
      : "continue";
  if (subscription.cancel_at_period_end || scheduled === "cancel") {
    endSubscription(state, subscription);
    emit("customer.subscription.deleted", subscription);
    return;
  }
  const start = state.now();
  const end = periodEndFrom(start, itemsOf(subscription)[0]!.price);
  for (const item of itemsOf(subscription))
    Object.assign(item, { current_period_start: start, current_period_end: end });
  const invoice = invoiceSubscription(state, subscription, "subscription_cycle");
  subscription.status = invoice.status === "paid" ? "active" : "past_due";
  emit("customer.subscription.updated", subscription);
  emit(invoiceEvent(state, invoice), invoice);
}
