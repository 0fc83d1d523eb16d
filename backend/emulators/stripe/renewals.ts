import { expireCheckoutSession } from "./checkout";
import { invoiceEvent } from "./invoices";
import { update, type Subscription } from "./objects";
import { voidAndTell } from "./payments";
import { enterNextPhase } from "./schedules";
import type { StripeState } from "./state";
import { endSubscription } from "./cancellation";
import { currentPeriodEnd, itemsOf, periodEndFrom } from "./subscription-items";
import { invoiceSubscription } from "./subscriptions";
import type { Emit } from "./webhooks";

const renewing = (subscription: Subscription) => subscription.status === "active" || subscription.status === "past_due";

/** Something the clock brings: when, and what then happens. */
interface Due {
  at: number;
  happen: () => void;
}

/**
 * Everything dated that is to happen: open Checkout Sessions expiring,
 * pending updates expiring (their invoice voided), subscriptions' periods
 * ending.
 */
function dueMoments(state: StripeState, emit: Emit): Due[] {
  const sessions = [...state.sessions.values()]
    .filter((session) => session.status === "open")
    .map((session) => ({
      at: session.expires_at,
      happen: () => emit("checkout.session.expired", expireCheckoutSession(session)),
    }));
  const subscriptions = [...state.subscriptions.values()];
  const pendingUpdates = subscriptions
    .filter((subscription) => subscription.pending_update)
    .map((subscription) => ({
      at: subscription.pending_update!.expires_at,
      happen: () => voidAndTell(state, state.get("invoice", subscription.latest_invoice!), emit, { expired: true }),
    }));
  const periods = subscriptions.filter(renewing).map((subscription) => ({
    at: currentPeriodEnd(subscription),
    happen: () => endPeriod(state, subscription, emit),
  }));
  // Sorted by time, a pending update expiring at its period's end goes first.
  return [...sessions, ...pendingUpdates, ...periods];
}

/**
 * Brings everything dated up to the clock: each moment it has passed
 * (a session's expiry, a period's end: see endPeriod), earliest first, is
 * dealt with at that instant. Answers whether anything changed.
 */
export function catchUpWithClock(state: StripeState, emit: Emit): boolean {
  let changed = false;
  for (;;) {
    const now = state.now();
    const [due] = dueMoments(state, emit)
      .filter((moment) => moment.at <= now)
      .sort((a, b) => a.at - b.at);
    if (!due) return changed;
    state.clock.at(due.at, due.happen);
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
function endPeriod(state: StripeState, subscription: Subscription, emit: Emit) {
  const schedule = subscription.schedule ? state.get("subscription_schedule", subscription.schedule) : null;
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
  for (const item of itemsOf(subscription)) update(item, { current_period_start: start, current_period_end: end });
  const invoice = invoiceSubscription(state, subscription, "subscription_cycle");
  subscription.status = invoice.status === "paid" ? "active" : "past_due";
  emit("customer.subscription.updated", subscription);
  emit(invoiceEvent(state, invoice), invoice);
}
