import type { Generated } from "kysely";
import type { BillingInterval, LegalEntity, PaymentSource, UserPlan, WorkspacePlan } from "../../domain/enums";
import type { SqlBoolean } from "./users";

export type SubscriptionStatus = "ACTIVE" | "CANCELED";
export type ScheduledRemovalStatus = "PENDING" | "CANCELLED" | "DONE";

/** A space's subscription (001 §3 Active subscription). */
export interface SubscriptionsTable {
  id: string;
  workspace_id: string;
  workspace_plan: WorkspacePlan;
  status: SubscriptionStatus;
  billing_interval: BillingInterval;
  currency: string;
  payment_source: PaymentSource;
  auto_renew: SqlBoolean;
  /** The start of the current paid period. */
  start_timestamp: number;
  /** The end of the paid period: renewal, or the end when not renewed. */
  end_timestamp: number;
  created_at: number;
  /** Stripe's customer (`cus_…`); null for PAYPAL, SUPPORT and OFFLINE subscriptions. */
  stripe_customer_id: string | null;
  /** The Stripe subscription schedule planning a change at period end. */
  stripe_subscription_schedule_id: string | null;
  /** The interval a schedule moves the subscription to (a billing-cycle change). */
  scheduled_billing_interval: BillingInterval | null;
  /** In percent (19 = 19 %). */
  tax_rate: number;
  /** A seat coupon of 001 §9 (domain/seat-coupons.ts). */
  coupon_id: string | null;
  /** The Stripe subscription's `latest_invoice`, as last read from Stripe. */
  latest_invoice_id: string | null;
  /** Stripe's `created` of that invoice, in ms. */
  latest_invoice_created_at: number | null;
  /** Null: no invoice known. */
  latest_invoice_paid: SqlBoolean | null;
  latest_invoice_url: string | null;
  /** Its payment intent's status: succeeded, requires_action, requires_payment_method… */
  latest_invoice_payment_status: string | null;
  /** Who sold it (001 §3 legalEntity): US, or BE for the Belgian entity's legacy licences. */
  legal_entity: Generated<LegalEntity>;
  /** The legacy licence this subscription replaced (its own id when replaced in place), and when. */
  legacy_subscription_id: string | null;
  legacy_upgraded_at: number | null;
}

/** The seats a subscription pays for, per payment plan (one user plan each). */
export interface SubscriptionSeatPlansTable {
  subscription_id: string;
  payment_plan_id: string;
  user_plan: UserPlan;
  /** -1: unlimited. */
  total_seats: number;
  /** Per seat and cycle, in the currency's minor unit, before coupon and tax. */
  unit_amount: number;
}

/** Fewer seats from the next renewal on (001 Remove seats); blocks adding or removing more until cancelled. */
export interface ScheduledSeatRemovalsTable {
  id: Generated<number>;
  subscription_id: string;
  payment_plan_id: string;
  target_seats_quantity: number;
  remove_seats_at: number;
  status: ScheduledRemovalStatus;
  created_at: number;
  updated_at: number;
  /** The Stripe schedule that applies it at period end; released when the removal is cancelled. */
  stripe_subscription_schedule_id: string | null;
}

/** A space's Stripe customer (one per space) and what its checkout told of the buyer. */
export interface BillingCustomersTable {
  workspace_id: string;
  stripe_customer_id: string;
  /** ISO 3166 alpha-2. */
  country: string;
  company_name: string | null;
  /** The `eu_vat` tax id given for a business purchase. */
  vat_number: string | null;
  /** The Stripe tax rate (VAT) made for the space's euro purchases, and the country it is for. */
  tax_rate_id: string | null;
  tax_rate_country: string | null;
  created_at: number;
}

/** A Stripe event already processed: a redelivery changes nothing. */
export interface StripeEventsTable {
  id: string;
  type: string;
  processed_at: number;
  /** Stripe's `created` (unix seconds); null on events applied before issue 33. */
  created: number | null;
}

/** How far the reconciliation has read Stripe's events: the `created` of the newest it applied (one row). */
export interface StripeEventCursorTable {
  id: 1;
  read_through: number;
}

/**
 * A v1 checkout (per-user purchase or legacy upgrade) waiting for Stripe's
 * event of its subscription: whom it pays for, applied once.
 */
export interface CheckoutRequestsTable {
  /** The `checkoutId` of the Checkout Session's and subscription's metadata. */
  id: string;
  workspace_id: string;
  buyer_user_id: string;
  /** The legacy licence it replaces, if any. */
  legacy_subscription_id: string | null;
  created_at: number;
  applied_at: number | null;
}

export interface CheckoutRequestUsersTable {
  checkout_id: string;
  user_id: string;
  user_plan: UserPlan;
}

/** A Checkout Session the backend opened for a space: a new one expires the space's others (one purchase per space). */
export interface CheckoutSessionsTable {
  id: string;
  workspace_id: string;
  created_at: number;
  /** When its outcome (paid or expired) was applied; null: still to ask Stripe about. */
  settled_at: number | null;
}

/**
 * A Stripe subscription that arrived for a space already paid for (two
 * Checkout Sessions paid at once): never the space's, it is cancelled and
 * its payment refunded.
 */
export interface DuplicateSubscriptionsTable {
  id: string;
  workspace_id: string;
  /** The space's subscription that stays. */
  kept_subscription_id: string;
  detected_at: number;
  canceled_at: number | null;
  /** The payment to refund, and the refund once Stripe has made it. */
  payment_intent_id: string | null;
  refund_id: string | null;
  /** In the currency's minor unit. */
  refunded_amount: number | null;
  currency: string | null;
  refunded_at: number | null;
}

export interface SubscriptionTables {
  subscriptions: SubscriptionsTable;
  subscription_seat_plans: SubscriptionSeatPlansTable;
  scheduled_seat_removals: ScheduledSeatRemovalsTable;
  billing_customers: BillingCustomersTable;
  stripe_events: StripeEventsTable;
  stripe_event_cursor: StripeEventCursorTable;
  checkout_requests: CheckoutRequestsTable;
  checkout_request_users: CheckoutRequestUsersTable;
  checkout_sessions: CheckoutSessionsTable;
  duplicate_subscriptions: DuplicateSubscriptionsTable;
}
