import { invalid, notEmulated, refused } from "./errors";
import { fieldsOf, text, type FormObject } from "./form";
import { update, type Subscription } from "./objects";
import type { StripeState } from "./state";
import { currentPeriodEnd } from "./subscription-items";

/** A subscription's `cancellation_details` while nobody asked to cancel it. */
export const NO_CANCELLATION_DETAILS: Subscription["cancellation_details"] = {
  comment: null,
  feedback: null,
  feedback_option: null,
  reason: null,
};

/** Stripe's `cancellation_details[feedback]` values. */
const FEEDBACK = [
  "customer_service",
  "low_quality",
  "missing_features",
  "other",
  "switched_service",
  "too_complex",
  "too_expensive",
  "unused",
];

/** Stripe's refusal of any change to a subscription that has ended. */
export const canceledSubscription = () =>
  refused("A canceled subscription can only update its cancellation_details and metadata.");

/**
 * Cancellation at the end of the current period (the portal's choice,
 * `cancel_at_period_end=true`): the subscription stays active until then.
 * `false` takes it back.
 */
export function setCancelAtPeriodEnd(state: StripeState, subscription: Subscription, cancel: boolean): Subscription {
  return update(
    subscription,
    cancel
      ? {
          cancel_at_period_end: true,
          cancel_at: currentPeriodEnd(subscription),
          canceled_at: state.now(),
          cancellation_details: { ...NO_CANCELLATION_DETAILS, reason: "cancellation_requested" },
        }
      : {
          cancel_at_period_end: false,
          cancel_at: null,
          canceled_at: null,
          cancellation_details: NO_CANCELLATION_DETAILS,
        },
  );
}

/** Ends the subscription now (asked to, or its cancellation at period end has come); a schedule still over it is canceled too. */
export function endSubscription(state: StripeState, subscription: Subscription) {
  const now = state.now();
  update(subscription, {
    status: "canceled",
    canceled_at: subscription.canceled_at ?? now,
    ended_at: now,
    cancellation_details: {
      ...NO_CANCELLATION_DETAILS,
      ...subscription.cancellation_details,
      reason: "cancellation_requested",
    },
  });
  const schedule = subscription.schedule ? state.get("subscription_schedule", subscription.schedule) : null;
  if (schedule?.status === "active") update(schedule, { status: "canceled", canceled_at: now, current_phase: null });
}

/**
 * Cancels the subscription now (DELETE /v1/subscriptions/{id}), with the
 * customer's `cancellation_details` (comment, feedback). Neither a final
 * invoice (`invoice_now`) nor a credit for the unused time (`prorate`) is
 * emulated: asking for one is a 400 rather than a silent no.
 */
export function cancelSubscription(state: StripeState, subscription: Subscription, params: FormObject): Subscription {
  if (subscription.status === "canceled") throw canceledSubscription();
  for (const param of ["invoice_now", "prorate"]) {
    const value = text(params[param]);
    if (value === "true") throw notEmulated(param);
    if (value !== undefined && value !== "false") throw invalid("Invalid boolean", param);
  }
  const details = fieldsOf(params.cancellation_details);
  const feedback = (text(details.feedback) || null) as Subscription["cancellation_details"]["feedback"];
  if (feedback && !FEEDBACK.includes(feedback)) {
    throw invalid("Invalid cancellation_details[feedback].", "cancellation_details[feedback]");
  }
  subscription.canceled_at = state.now();
  subscription.cancellation_details = {
    ...NO_CANCELLATION_DETAILS,
    comment: text(details.comment) || null,
    feedback,
  };
  endSubscription(state, subscription);
  return subscription;
}
