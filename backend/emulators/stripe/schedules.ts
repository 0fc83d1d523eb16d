import { invalid, required } from "./errors";
import { fieldsOf, text, type FormObject } from "./form";
import {
  newId,
  update,
  type Coupon,
  type Price,
  type SchedulePhase,
  type Subscription,
  type SubscriptionSchedule,
  type TaxRate,
} from "./objects";
import type { StripeState } from "./state";
import { currentPeriodEnd, itemsOf, periodEndFrom, subscriptionItem, type PlannedItem } from "./subscription-items";
import { setCoupon } from "./subscriptions";

/**
 * A phase to plan: its items, and its coupon and default tax rates
 * (undefined: the subscription's, so a planned change keeps them).
 * Without dates it starts where the previous phase ends and lasts one
 * period of its first price.
 */
export interface PlannedPhase {
  start?: number;
  end?: number;
  items: PlannedItem[];
  coupon?: Coupon | null;
  defaultTaxRates?: TaxRate[];
}

/**
 * A schedule taking over a subscription (`from_subscription`): its one
 * phase is the current period with the current items, coupon and tax
 * rates; the backend then adds the phase of a later change (fewer seats,
 * another interval) at period end.
 */
export function createSchedule(state: StripeState, params: FormObject, id = newId("sub_sched")): SubscriptionSchedule {
  const subscriptionId = text(params.from_subscription);
  if (!subscriptionId) throw required("from_subscription");
  const subscription = state.get("subscription", subscriptionId, "from_subscription");
  if (subscription.schedule) {
    throw invalid(
      "This subscription is already attached to a schedule.",
      "from_subscription",
      "resource_already_exists",
    );
  }
  const items = itemsOf(subscription);
  const schedule = state.add("subscription_schedule", {
    id,
    object: "subscription_schedule",
    application: null,
    billing_mode: { flexible: null, type: "classic" },
    canceled_at: null,
    completed_at: null,
    created: state.now(),
    current_phase: null,
    customer: subscription.customer,
    customer_account: null,
    default_settings: {
      application_fee_percent: null,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null },
      billing_cycle_anchor: "automatic",
      billing_thresholds: null,
      collection_method: "charge_automatically",
      default_payment_method: null,
      description: null,
      invoice_settings: {
        account_tax_ids: null,
        custom_fields: null,
        days_until_due: null,
        description: null,
        footer: null,
        issuer: { type: "self" },
      },
      on_behalf_of: null,
      transfer_data: null,
    },
    end_behavior: "release",
    livemode: false,
    metadata: {},
    pause_schedules: [],
    phases: [],
    released_at: null,
    released_subscription: null,
    status: "active",
    subscription: subscription.id,
    test_clock: null,
  });
  subscription.schedule = schedule.id;
  setPhases(state, schedule, [
    {
      start: items[0]!.current_period_start,
      end: currentPeriodEnd(subscription),
      items: items.map((item) => ({ price: item.price, quantity: item.quantity, taxRates: item.tax_rates })),
    },
  ]);
  return schedule;
}

/** The schedule's phases, as Stripe answers them (dates filled in, prices by id). */
export function setPhases(state: StripeState, schedule: SubscriptionSchedule, phases: PlannedPhase[]) {
  const subscription = state.get("subscription", schedule.subscription!);
  const inherited = subscription.discounts.map((discount) => ({
    coupon: state.couponOfDiscount(discount).id,
    discount,
    promotion_code: null,
  }));
  let start = schedule.current_phase?.start_date ?? state.now();
  schedule.phases = phases.map((phase): SchedulePhase => {
    const startDate = phase.start ?? start;
    const endDate = phase.end ?? periodEndFrom(startDate, phase.items[0]!.price);
    start = endDate;
    return {
      add_invoice_items: [],
      application_fee_percent: null,
      billing_cycle_anchor: null,
      billing_thresholds: null,
      collection_method: null,
      currency: subscription.currency,
      default_payment_method: null,
      description: null,
      default_tax_rates: phase.defaultTaxRates ?? subscription.default_tax_rates,
      discounts:
        phase.coupon === undefined
          ? inherited
          : phase.coupon
            ? [{ coupon: phase.coupon.id, discount: null, promotion_code: null }]
            : [],
      end_date: endDate,
      items: phase.items.map((item) => ({
        billing_thresholds: null,
        discounts: [],
        metadata: {},
        plan: item.price.id,
        price: item.price.id,
        quantity: item.quantity,
        tax_rates: item.taxRates,
      })),
      invoice_settings: null,
      metadata: {},
      on_behalf_of: null,
      proration_behavior: "create_prorations",
      start_date: startDate,
      transfer_data: null,
      trial_end: null,
    };
  });
  const [first] = schedule.phases;
  schedule.current_phase ??= { start_date: first!.start_date, end_date: first!.end_date };
}

/** New phases (each with items of catalog prices, and its coupon and tax rates) and end behaviour for an active schedule. */
export function updateSchedule(
  state: StripeState,
  schedule: SubscriptionSchedule,
  params: FormObject,
): SubscriptionSchedule {
  if (schedule.status !== "active") throw invalid("This schedule is no longer active.", "schedule");
  const endBehavior = text(params.end_behavior);
  if (endBehavior !== undefined && endBehavior !== "release" && endBehavior !== "cancel") {
    throw invalid("Invalid end_behavior.", "end_behavior");
  }
  if (params.phases !== undefined) {
    if (!Array.isArray(params.phases) || params.phases.length === 0) throw required("phases");
    setPhases(
      state,
      schedule,
      params.phases.map(fieldsOf).map((phase, index) => {
        const param = `phases[${index}]`;
        const items = Array.isArray(phase.items) ? phase.items.map(fieldsOf) : [];
        if (items.length === 0) throw required(`${param}[items]`);
        return {
          start: Number(text(phase.start_date)) || undefined,
          end: Number(text(phase.end_date)) || undefined,
          items: items.map((item, itemIndex) => {
            const itemParam = `${param}[items][${itemIndex}]`;
            const quantity = Number(text(item.quantity) ?? "1");
            if (!Number.isInteger(quantity) || quantity < 1) throw invalid("Invalid integer", `${itemParam}[quantity]`);
            return {
              price: state.get("price", text(item.price) ?? "", `${itemParam}[price]`),
              quantity,
              taxRates: state.taxRatesOf(item.tax_rates, `${itemParam}[tax_rates]`),
            };
          }),
          coupon: phase.discounts === undefined ? undefined : state.couponOf(phase.discounts, `${param}[discounts]`),
          defaultTaxRates:
            phase.default_tax_rates === undefined
              ? undefined
              : state.taxRatesOf(phase.default_tax_rates, `${param}[default_tax_rates]`),
        };
      }),
    );
  }
  if (endBehavior !== undefined) schedule.end_behavior = endBehavior;
  return schedule;
}

/** Releases the subscription from its schedule: what is planned is dropped, the subscription goes on as it is. */
export function releaseSchedule(state: StripeState, schedule: SubscriptionSchedule): SubscriptionSchedule {
  if (schedule.status !== "active") throw invalid("This schedule is no longer active.", "schedule");
  const subscription = state.get("subscription", schedule.subscription!);
  subscription.schedule = null;
  return update(schedule, {
    status: "released",
    released_at: state.now(),
    released_subscription: subscription.id,
    subscription: null,
    current_phase: null,
  });
}

/**
 * The subscription's period ends now under its schedule: the phase that
 * starts takes effect (its items, coupon and tax rates); after the last
 * phase the schedule ends as its `end_behavior` says: released (the
 * subscription goes on as it is) or completed, the subscription then to be
 * canceled (answered "cancel").
 */
export function enterNextPhase(state: StripeState, schedule: SubscriptionSchedule, subscription: Subscription) {
  const now = state.now();
  const phase = schedule.phases.find((candidate) => candidate.start_date <= now && now < candidate.end_date);
  if (!phase) {
    if (schedule.end_behavior === "cancel") {
      update(schedule, { status: "completed", completed_at: now, current_phase: null });
      return "cancel";
    }
    releaseSchedule(state, schedule);
    return "release";
  }
  if (schedule.current_phase!.start_date === phase.start_date) return "continue";
  schedule.current_phase = { start_date: phase.start_date, end_date: phase.end_date };
  const items = itemsOf(subscription);
  const interval = (price: Price) => price.recurring!.interval;
  const before = interval(items[0]!.price);
  subscription.items.data = phase.items.map((planned) => {
    const price = state.get("price", planned.price);
    const kept = items.find((item) => item.price.id === price.id);
    if (kept) return update(kept, { quantity: planned.quantity, tax_rates: planned.tax_rates });
    const period = { start: now, end: periodEndFrom(now, price) };
    return subscriptionItem(
      subscription.id,
      { price, quantity: planned.quantity, taxRates: planned.tax_rates },
      period,
    );
  });
  // A new interval starts a new billing cycle.
  if (interval(itemsOf(subscription)[0]!.price) !== before) subscription.billing_cycle_anchor = now;
  const [discount] = phase.discounts;
  if (discount?.discount) subscription.discounts = [discount.discount];
  else setCoupon(state, subscription, discount?.coupon ? state.get("coupon", discount.coupon) : null);
  subscription.default_tax_rates = phase.default_tax_rates;
  return "continue";
}
