import { randomBytes } from "node:crypto";
import { COUPONS, PRICES, PRODUCTS } from "./catalog";
import { invalid, missing, required } from "./errors";
import type { FormObject, FormValue } from "./form";

/** A Stripe object as the API answers it: `id`, `object` and its fields. */
export type StripeObject = { id: string; object: string; [field: string]: unknown };

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("base64url").replace(/[-_]/g, "x")}`;
const now = () => Math.floor(Date.now() / 1000);

const text = (value: FormValue | undefined) => (typeof value === "string" ? value : undefined);
const metadataOf = (value: FormValue | undefined) =>
  typeof value === "object" && !Array.isArray(value)
    ? Object.fromEntries(
        Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
      )
    : {};

type ObjectKind =
  | "product"
  | "price"
  | "coupon"
  | "tax_rate"
  | "customer"
  | "checkout.session"
  | "subscription"
  | "invoice"
  | "payment_method"
  | "billing_portal.session";

/** How long an open Checkout Session stays payable, as Stripe's default (24 hours). */
const SESSION_LIFETIME_S = 24 * 3600;

/**
 * Everything the local Stripe holds, in memory: the catalog it starts with
 * and what its callers create. `publicUrl` is where browsers reach its
 * hosted pages.
 */
export class StripeState {
  readonly products = new Map<string, StripeObject>();
  readonly prices = new Map<string, StripeObject>();
  readonly customers = new Map<string, StripeObject>();
  readonly sessions = new Map<string, StripeObject>();
  /** A session's line items: not part of the session unless expanded, as in Stripe. */
  readonly sessionLines = new Map<string, StripeObject[]>();
  readonly coupons = new Map<string, StripeObject>();
  readonly taxRates = new Map<string, StripeObject>();
  readonly subscriptions = new Map<string, StripeObject>();
  readonly invoices = new Map<string, StripeObject>();
  readonly paymentMethods = new Map<string, StripeObject>();
  readonly portalSessions = new Map<string, StripeObject>();

  constructor(readonly publicUrl: string) {
    const created = now();
    for (const product of PRODUCTS) {
      this.products.set(product.id, {
        ...product,
        object: "product",
        active: true,
        created,
        livemode: false,
        metadata: {},
      });
    }
    for (const coupon of COUPONS) {
      this.coupons.set(coupon.id, {
        id: coupon.id,
        object: "coupon",
        amount_off: null,
        created,
        currency: null,
        duration: "forever",
        duration_in_months: null,
        livemode: false,
        metadata: {},
        name: coupon.id,
        percent_off: coupon.percentOff,
        valid: true,
      });
    }
    for (const price of PRICES) {
      const id = `price_${price.lookupKey.replace(/-/g, "_")}`;
      this.prices.set(id, {
        id,
        object: "price",
        active: true,
        billing_scheme: "per_unit",
        created,
        currency: price.currency,
        livemode: false,
        lookup_key: price.lookupKey,
        metadata: {},
        product: price.product,
        recurring: { interval: price.interval, interval_count: 1, usage_type: "licensed" },
        type: "recurring",
        unit_amount: price.unitAmount,
      });
    }
  }

  get(kind: ObjectKind, id: string): StripeObject {
    const table = {
      product: this.products,
      price: this.prices,
      coupon: this.coupons,
      tax_rate: this.taxRates,
      customer: this.customers,
      "checkout.session": this.sessions,
      subscription: this.subscriptions,
      invoice: this.invoices,
      payment_method: this.paymentMethods,
      "billing_portal.session": this.portalSessions,
    }[kind];
    const found = table.get(id);
    if (!found) throw missing(kind, id);
    return found;
  }

  /** A tax rate (the EUR customers' VAT): a percentage, inclusive or not, optionally for a country. */
  createTaxRate(params: FormObject): StripeObject {
    const displayName = text(params.display_name);
    if (!displayName) throw required("display_name");
    const percentage = Number(text(params.percentage));
    if (text(params.percentage) === undefined) throw required("percentage");
    if (!Number.isFinite(percentage) || percentage < 0 || percentage > 100) {
      throw invalid("The percentage must be between 0 and 100.", "percentage");
    }
    const inclusive = text(params.inclusive);
    if (inclusive !== "true" && inclusive !== "false") throw required("inclusive");
    const taxRate: StripeObject = {
      id: newId("txr"),
      object: "tax_rate",
      active: true,
      country: text(params.country) ?? null,
      created: now(),
      display_name: displayName,
      inclusive: inclusive === "true",
      livemode: false,
      metadata: metadataOf(params.metadata),
      percentage,
    };
    this.taxRates.set(taxRate.id, taxRate);
    return taxRate;
  }

  createCustomer(params: FormObject): StripeObject {
    const customer: StripeObject = {
      id: newId("cus"),
      object: "customer",
      address: params.address ?? null,
      created: now(),
      email: text(params.email) ?? null,
      invoice_settings: { default_payment_method: null },
      livemode: false,
      metadata: metadataOf(params.metadata),
      name: text(params.name) ?? null,
      tax_exempt: "none",
    };
    this.customers.set(customer.id, customer);
    return customer;
  }

  /** A subscription-mode Checkout Session over catalog prices (the only mode the product uses). */
  createCheckoutSession(params: FormObject): StripeObject {
    const mode = text(params.mode);
    if (!mode) throw required("mode");
    if (mode !== "subscription") throw invalid("Only subscription mode is available locally.", "mode");
    const successUrl = text(params.success_url);
    if (!successUrl) throw required("success_url");
    const items = Array.isArray(params.line_items) ? params.line_items : [];
    if (items.length === 0) throw required("line_items");
    const lines = items.map((item, index) => {
      const line = typeof item === "object" && !Array.isArray(item) ? item : {};
      const priceId = text(line.price);
      if (!priceId) throw required(`line_items[${index}][price]`);
      const price = this.prices.get(priceId);
      if (!price) throw missing("price", priceId, `line_items[${index}][price]`);
      const quantity = Number(text(line.quantity) ?? "1");
      if (!Number.isInteger(quantity) || quantity < 1)
        throw invalid("Invalid integer", `line_items[${index}][quantity]`);
      return { price, quantity };
    });
    const currencies = new Set(lines.map((line) => line.price.currency));
    if (currencies.size > 1) throw invalid("All prices must be in the same currency.", "line_items");
    const customerId = text(params.customer);
    if (customerId) this.get("customer", customerId);
    const amount = lines.reduce((sum, line) => sum + (line.price.unit_amount as number) * line.quantity, 0);
    const id = newId("cs_test");
    const created = now();
    const session: StripeObject = {
      id,
      object: "checkout.session",
      amount_subtotal: amount,
      amount_total: amount,
      cancel_url: text(params.cancel_url) ?? null,
      client_reference_id: text(params.client_reference_id) ?? null,
      created,
      currency: lines[0]!.price.currency,
      customer: customerId ?? null,
      customer_email: text(params.customer_email) ?? null,
      expires_at: created + SESSION_LIFETIME_S,
      livemode: false,
      metadata: metadataOf(params.metadata),
      mode,
      payment_status: "unpaid",
      status: "open",
      subscription: null,
      subscription_data: { metadata: metadataOf((params.subscription_data as FormObject | undefined)?.metadata) },
      success_url: successUrl,
      url: `${this.publicUrl}/c/pay/${id}`,
    };
    this.sessions.set(id, session);
    this.sessionLines.set(
      id,
      lines.map((line, index) => ({
        id: `li_${id.slice("cs_test_".length)}_${index}`,
        object: "item",
        amount_subtotal: (line.price.unit_amount as number) * line.quantity,
        amount_total: (line.price.unit_amount as number) * line.quantity,
        currency: line.price.currency,
        price: line.price,
        quantity: line.quantity,
      })),
    );
    return session;
  }

  /** A test card as the customer's default payment method (what the portal shows and renewals charge). */
  attachCard(customerId: string, cardNumber: string): StripeObject {
    const customer = this.get("customer", customerId);
    const paymentMethod: StripeObject = {
      id: newId("pm"),
      object: "payment_method",
      card: { brand: "visa", exp_month: 12, exp_year: 2034, last4: cardNumber.replace(/\D/g, "").slice(-4) },
      created: now(),
      customer: customerId,
      livemode: false,
      type: "card",
    };
    this.paymentMethods.set(paymentMethod.id, paymentMethod);
    customer.invoice_settings = { default_payment_method: paymentMethod.id };
    return paymentMethod;
  }

  /** A customer portal session: its `url` opens the hosted portal, which links back to `return_url`. */
  createPortalSession(params: FormObject): StripeObject {
    const customerId = text(params.customer);
    if (!customerId) throw required("customer");
    this.get("customer", customerId);
    const id = newId("bps");
    const portal: StripeObject = {
      id,
      object: "billing_portal.session",
      created: now(),
      customer: customerId,
      livemode: false,
      return_url: text(params.return_url) ?? null,
      url: `${this.publicUrl}/p/session/${id}`,
    };
    this.portalSessions.set(id, portal);
    return portal;
  }

  /** The customer's subscriptions and invoices, newest first. */
  ofCustomer(customerId: string) {
    const mine = (objects: Map<string, StripeObject>) =>
      [...objects.values()].filter((object) => object.customer === customerId).reverse();
    return { subscriptions: mine(this.subscriptions), invoices: mine(this.invoices) };
  }

  /** Cancels at the end of the current period (the portal's choice); the subscription stays active until then. */
  cancelAtPeriodEnd(subscription: StripeObject): StripeObject {
    const items = (subscription.items as { data: Array<{ current_period_end: number }> }).data;
    Object.assign(subscription, { cancel_at_period_end: true, cancel_at: items[0]?.current_period_end ?? null });
    return subscription;
  }

  /**
   * The hosted page's payment went through: the session completes with a
   * customer (made from its e-mail when it had none), an active
   * subscription of its line items and that subscription's first invoice,
   * paid; the card becomes the customer's default. Answers where the
   * browser goes next.
   */
  completeCheckoutSession(session: StripeObject, cardNumber: string): string {
    const created = now();
    const customerId =
      (session.customer as string | null) ??
      this.createCustomer({ email: (session.customer_email as string) ?? "" }).id;
    this.attachCard(customerId, cardNumber);
    const subscriptionId = newId("sub");
    const invoiceId = newId("in");
    const lines = this.sessionLines.get(session.id) ?? [];
    const periodEnd = created + periodSeconds(lines[0]?.price as StripeObject | undefined);
    const metadata = (session.subscription_data as { metadata: Record<string, string> }).metadata;
    this.subscriptions.set(subscriptionId, {
      id: subscriptionId,
      object: "subscription",
      billing_cycle_anchor: created,
      cancel_at_period_end: false,
      collection_method: "charge_automatically",
      created,
      currency: session.currency,
      customer: customerId,
      items: {
        object: "list",
        data: lines.map((line, index) => ({
          id: `si_${subscriptionId.slice(4)}_${index}`,
          object: "subscription_item",
          created,
          current_period_end: periodEnd,
          current_period_start: created,
          price: line.price,
          quantity: line.quantity,
          subscription: subscriptionId,
        })),
        has_more: false,
        url: `/v1/subscription_items?subscription=${subscriptionId}`,
      },
      latest_invoice: invoiceId,
      livemode: false,
      metadata,
      schedule: null,
      start_date: created,
      status: "active",
    });
    this.invoices.set(invoiceId, {
      id: invoiceId,
      object: "invoice",
      amount_due: session.amount_total,
      amount_paid: session.amount_total,
      amount_remaining: 0,
      billing_reason: "subscription_create",
      created,
      currency: session.currency,
      customer: customerId,
      hosted_invoice_url: `${this.publicUrl}/i/${invoiceId}`,
      livemode: false,
      parent: { type: "subscription_details", subscription_details: { subscription: subscriptionId, metadata } },
      status: "paid",
      subtotal: session.amount_subtotal,
      total: session.amount_total,
    });
    Object.assign(session, {
      status: "complete",
      payment_status: "paid",
      customer: customerId,
      subscription: subscriptionId,
    });
    return (session.success_url as string).replace("{CHECKOUT_SESSION_ID}", session.id);
  }
}

/** A billing period from the price's interval: a year or a month (30 days here). */
function periodSeconds(price: StripeObject | undefined) {
  const interval = (price?.recurring as { interval?: string } | undefined)?.interval;
  return (interval === "month" ? 30 : 365) * 24 * 3600;
}
