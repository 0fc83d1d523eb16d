import { randomBytes } from "node:crypto";
import type Stripe from "stripe";

/**
 * An SDK type as the API sends it: the SDK turns decimal strings
 * (`unit_amount_decimal`) into `Decimal`s, the wire carries strings.
 */
export type Wire<T> = T extends string | number | boolean | null | undefined
  ? T
  : T extends Stripe.Decimal
    ? string
    : T extends readonly (infer Item)[]
      ? Wire<Item>[]
      : T extends object
        ? { [Field in keyof T]: Wire<T[Field]> }
        : T;

/** What the local Stripe keeps of an expandable field (an id, or the object when expanded): the id. */
type IdOf<Value> = Value extends readonly (infer Item)[] ? IdOf<Item>[] : Extract<Value, string | null>;

/**
 * An object as the local Stripe keeps it: the SDK's type at the pinned API
 * version (so a field Stripe does not have, or of another type, fails the
 * typecheck), its expandable `Ids` holding ids (expand[] fills them in
 * when answering), and `Narrowed` fields it always answers in one of their
 * types (an optional field it always sends, a list of objects as it keeps
 * them). `answerable` below checks that the result is still the SDK's type.
 */
export type Kept<T, Ids extends keyof T = never, Narrowed = unknown> = Omit<Wire<T>, Ids | keyof Narrowed> & {
  [Field in Ids]: IdOf<Wire<T[Field]>>;
} & Narrowed;

/** A list envelope (`object: "list"`) of kept objects. */
export interface List<Item> {
  object: "list";
  data: Item[];
  has_more: boolean;
  url: string;
}

export type Product = Kept<Stripe.Product>;
export type Price = Kept<Stripe.Price, "product">;
export type Coupon = Kept<Stripe.Coupon>;
export type TaxRate = Kept<Stripe.TaxRate>;
export type Customer = Kept<
  Stripe.Customer,
  never,
  {
    address: Wire<Stripe.Address> | null;
    invoice_prefix: string;
    invoice_settings: Kept<Stripe.Customer.InvoiceSettings, "default_payment_method">;
    name: string | null;
    next_invoice_sequence: number;
  }
>;
export type TaxId = Kept<Stripe.TaxId, "customer">;
export type Discount = Kept<Stripe.Discount, "customer">;
export type CheckoutSession = Kept<Stripe.Checkout.Session, "customer" | "invoice" | "subscription">;
export type LineItem = Kept<Stripe.LineItem, never, { price: Price; quantity: number }>;
export type SubscriptionItem = Kept<
  Stripe.SubscriptionItem,
  never,
  { price: Price; quantity: number; tax_rates: TaxRate[] }
>;
/** The changes waiting in a subscription's `pending_update` for its invoice to be paid. */
export type PendingUpdate = Kept<
  Stripe.Subscription.PendingUpdate,
  "discounts",
  { subscription_items: SubscriptionItem[] | null }
>;
export type Subscription = Kept<
  Stripe.Subscription,
  "customer" | "default_payment_method" | "discounts" | "latest_invoice" | "schedule",
  {
    cancellation_details: NonNullable<Wire<Stripe.Subscription.CancellationDetails>>;
    default_tax_rates: TaxRate[];
    items: List<SubscriptionItem>;
    pending_update: PendingUpdate | null;
  }
>;
export type InvoiceLineItem = Kept<Stripe.InvoiceLineItem>;
export type Invoice = Kept<Stripe.Invoice, "customer" | "discounts">;
export type InvoicePayment = Kept<Stripe.InvoicePayment, "invoice">;
export type PaymentMethod = Kept<Stripe.PaymentMethod, "customer">;
export type PaymentIntent = Kept<Stripe.PaymentIntent, "customer" | "latest_charge" | "payment_method">;
export type Charge = Kept<Stripe.Charge, "customer" | "payment_intent">;
export type Refund = Kept<Stripe.Refund, "charge" | "customer" | "payment_intent" | "payment_method">;
export type SchedulePhaseItem = Kept<
  Stripe.SubscriptionSchedule.Phase.Item,
  "plan" | "price",
  { quantity: number; tax_rates: TaxRate[] }
>;
export type SchedulePhase = Kept<
  Stripe.SubscriptionSchedule.Phase,
  never,
  {
    default_tax_rates: TaxRate[];
    discounts: Array<Kept<Stripe.SubscriptionSchedule.Phase.Discount, "coupon" | "discount" | "promotion_code">>;
    items: SchedulePhaseItem[];
  }
>;
export type SubscriptionSchedule = Kept<
  Stripe.SubscriptionSchedule,
  "customer" | "subscription",
  { phases: SchedulePhase[] }
>;
export type PortalSession = Kept<Stripe.BillingPortal.Session>;
export type Event = Wire<Stripe.Event>;

/** Each kind of object the local Stripe keeps, by its `object` name. */
export interface Objects {
  product: Product;
  price: Price;
  coupon: Coupon;
  tax_rate: TaxRate;
  customer: Customer;
  tax_id: TaxId;
  discount: Discount;
  "checkout.session": CheckoutSession;
  subscription: Subscription;
  invoice: Invoice;
  invoice_payment: InvoicePayment;
  payment_method: PaymentMethod;
  payment_intent: PaymentIntent;
  charge: Charge;
  refund: Refund;
  subscription_schedule: SubscriptionSchedule;
  "billing_portal.session": PortalSession;
}
export type ObjectKind = keyof Objects;

/** The SDK's type of each kind. */
interface Answered {
  product: Stripe.Product;
  price: Stripe.Price;
  coupon: Stripe.Coupon;
  tax_rate: Stripe.TaxRate;
  customer: Stripe.Customer;
  tax_id: Stripe.TaxId;
  discount: Stripe.Discount;
  "checkout.session": Stripe.Checkout.Session;
  subscription: Stripe.Subscription;
  invoice: Stripe.Invoice;
  invoice_payment: Stripe.InvoicePayment;
  payment_method: Stripe.PaymentMethod;
  payment_intent: Stripe.PaymentIntent;
  charge: Stripe.Charge;
  refund: Stripe.Refund;
  subscription_schedule: Stripe.SubscriptionSchedule;
  "billing_portal.session": Stripe.BillingPortal.Session;
}

/** Fails the typecheck if a kind as kept is not what the API answers (a narrowed field gone astray). */
export const answerable: { [Kind in ObjectKind]: Objects[Kind] extends Wire<Answered[Kind]> ? true : never } = {
  product: true,
  price: true,
  coupon: true,
  tax_rate: true,
  customer: true,
  tax_id: true,
  discount: true,
  "checkout.session": true,
  subscription: true,
  invoice: true,
  invoice_payment: true,
  payment_method: true,
  payment_intent: true,
  charge: true,
  refund: true,
  subscription_schedule: true,
  "billing_portal.session": true,
};

/** Changes fields of a kept object, each checked against its type (which `Object.assign` does not do). */
export function update<Target extends object>(target: Target, changes: Partial<Target>): Target {
  return Object.assign(target, changes);
}

/** An id as Stripe makes them: a prefix naming the kind of object, then random letters and digits. */
export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("base64url").replace(/[-_]/g, "x")}`;
