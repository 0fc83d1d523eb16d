import { randomBytes } from "node:crypto";
import { cardMessages, cardOutcome, type CardOutcome } from "./cards";
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
  | "payment_intent"
  | "subscription_schedule"
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
  readonly paymentIntents = new Map<string, StripeObject>();
  readonly schedules = new Map<string, StripeObject>();
  /** What charging each saved card does: the test card's behaviour, which Stripe keeps to itself. */
  private readonly cardOutcomes = new Map<string, CardOutcome>();

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
      payment_intent: this.paymentIntents,
      subscription_schedule: this.schedules,
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
    this.cardOutcomes.set(paymentMethod.id, cardOutcome(cardNumber));
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
   * An invoice of `amount` charged at once to the customer's default card
   * through a payment intent: paid when the card pays; otherwise left open,
   * its payment intent saying why (`requires_action`: the card asks for
   * authentication; `requires_payment_method`: declined).
   */
  private chargeInvoice(
    invoiceId: string,
    charge: {
      customerId: string;
      subscriptionId: string;
      metadata: Record<string, string>;
      amount: number;
      currency: string;
      reason: "subscription_create" | "subscription_update";
    },
  ): StripeObject {
    const customer = this.get("customer", charge.customerId);
    const card = (customer.invoice_settings as { default_payment_method: string | null }).default_payment_method;
    const outcome = charge.amount === 0 ? "succeeds" : (card && this.cardOutcomes.get(card)) || "declined";
    const paymentIntent: StripeObject = {
      id: newId("pi"),
      object: "payment_intent",
      amount: charge.amount,
      created: now(),
      currency: charge.currency,
      customer: charge.customerId,
      last_payment_error:
        outcome === "declined" || outcome === "invalid"
          ? { code: "card_declined", message: cardMessages.declined }
          : null,
      livemode: false,
      payment_method: card,
      status: paymentIntentStatus(outcome),
    };
    this.paymentIntents.set(paymentIntent.id, paymentIntent);
    const paid = paymentIntent.status === "succeeded";
    const invoice: StripeObject = {
      id: invoiceId,
      object: "invoice",
      amount_due: charge.amount,
      amount_paid: paid ? charge.amount : 0,
      amount_remaining: paid ? 0 : charge.amount,
      billing_reason: charge.reason,
      created: now(),
      currency: charge.currency,
      customer: charge.customerId,
      hosted_invoice_url: `${this.publicUrl}/i/${invoiceId}`,
      livemode: false,
      parent: {
        type: "subscription_details",
        subscription_details: { subscription: charge.subscriptionId, metadata: charge.metadata },
      },
      payments: {
        object: "list",
        data: [
          {
            id: `inpay_${invoiceId.slice(3)}`,
            object: "invoice_payment",
            payment: { type: "payment_intent", payment_intent: paymentIntent.id },
            status: paid ? "paid" : "open",
          },
        ],
        has_more: false,
        url: `/v1/invoice_payments?invoice=${invoiceId}`,
      },
      status: paid ? "paid" : "open",
      subtotal: charge.amount,
      total: charge.amount,
    };
    this.invoices.set(invoiceId, invoice);
    return invoice;
  }

  /** The payment intent behind an invoice's payment. */
  paymentIntentOf(invoice: StripeObject): StripeObject {
    const [payment] = (invoice.payments as { data: Array<{ payment: { payment_intent: string } }> }).data;
    return this.get("payment_intent", payment!.payment.payment_intent);
  }

  /**
   * A subscription update (POST /v1/subscriptions/{id}): new quantities for
   * its items. With `proration_behavior=always_invoice` an increase is
   * invoiced at once, prorated over what is left of the period, and charged;
   * `create_prorations` (Stripe's default) and `none` invoice nothing now.
   */
  updateSubscription(subscription: StripeObject, params: FormObject): StripeObject | null {
    const behaviour = text(params.proration_behavior) ?? "create_prorations";
    if (!["always_invoice", "create_prorations", "none"].includes(behaviour)) {
      throw invalid("Invalid proration_behavior.", "proration_behavior");
    }
    const items = (subscription.items as { data: StripeObject[] }).data;
    const changes = Array.isArray(params.items) ? params.items : [];
    let prorated = 0;
    const at = now();
    for (const [index, change] of changes.entries()) {
      const wanted = typeof change === "object" && !Array.isArray(change) ? change : {};
      const item = items.find((candidate) => candidate.id === text(wanted.id));
      if (!item) throw missing("subscription_item", text(wanted.id) ?? "", `items[${index}][id]`);
      const quantity = Number(text(wanted.quantity));
      if (!Number.isInteger(quantity) || quantity < 1) throw invalid("Invalid integer", `items[${index}][quantity]`);
      const start = item.current_period_start as number;
      const end = item.current_period_end as number;
      const left = Math.max(0, end - at) / Math.max(1, end - start);
      const unitAmount = (item.price as StripeObject).unit_amount as number;
      prorated += Math.max(0, quantity - (item.quantity as number)) * unitAmount * left;
      item.quantity = quantity;
    }
    const metadata = metadataOf(params.metadata);
    if (Object.keys(metadata).length > 0) subscription.metadata = { ...(subscription.metadata as object), ...metadata };
    if (behaviour !== "always_invoice" || prorated === 0) return null;
    const invoice = this.chargeInvoice(newId("in"), {
      customerId: subscription.customer as string,
      subscriptionId: subscription.id,
      metadata: subscription.metadata as Record<string, string>,
      amount: Math.round(prorated),
      currency: subscription.currency as string,
      reason: "subscription_update",
    });
    subscription.latest_invoice = invoice.id;
    return invoice;
  }

  /**
   * A schedule taking over a subscription (`from_subscription`): its one
   * phase is the current period with the current items; the backend then
   * adds the phase of a later change (an interval change at period end).
   */
  createSchedule(params: FormObject): StripeObject {
    const subscriptionId = text(params.from_subscription);
    if (!subscriptionId) throw required("from_subscription");
    const subscription = this.get("subscription", subscriptionId);
    if (subscription.schedule) {
      throw invalid(
        "This subscription is already attached to a schedule.",
        "from_subscription",
        "resource_already_exists",
      );
    }
    const items = (subscription.items as { data: StripeObject[] }).data;
    const schedule: StripeObject = {
      id: newId("sub_sched"),
      object: "subscription_schedule",
      created: now(),
      customer: subscription.customer,
      end_behavior: "release",
      livemode: false,
      metadata: {},
      phases: [
        {
          start_date: items[0]?.current_period_start ?? now(),
          end_date: items[0]?.current_period_end ?? now(),
          items: items.map((item) => ({ price: (item.price as StripeObject).id, quantity: item.quantity })),
        },
      ],
      released_subscription: null,
      status: "active",
      subscription: subscription.id,
    };
    this.schedules.set(schedule.id, schedule);
    subscription.schedule = schedule.id;
    return schedule;
  }

  /** New phases (each with items of catalog prices) and end behaviour for an active schedule. */
  updateSchedule(schedule: StripeObject, params: FormObject): StripeObject {
    if (schedule.status !== "active") throw invalid("This schedule is no longer active.", "schedule");
    if (params.phases !== undefined) {
      if (!Array.isArray(params.phases) || params.phases.length === 0) throw required("phases");
      schedule.phases = params.phases.map((phase, index) => {
        const fields = typeof phase === "object" && !Array.isArray(phase) ? phase : {};
        const items = Array.isArray(fields.items) ? fields.items : [];
        if (items.length === 0) throw required(`phases[${index}][items]`);
        return {
          start_date: Number(text(fields.start_date)) || null,
          end_date: Number(text(fields.end_date)) || null,
          items: items.map((item, itemIndex) => {
            const line = typeof item === "object" && !Array.isArray(item) ? item : {};
            const price = text(line.price) ?? "";
            if (!this.prices.has(price)) throw missing("price", price, `phases[${index}][items][${itemIndex}][price]`);
            return { price, quantity: Number(text(line.quantity) ?? "1") };
          }),
        };
      });
    }
    const endBehavior = text(params.end_behavior);
    if (endBehavior !== undefined) {
      if (endBehavior !== "release" && endBehavior !== "cancel") throw invalid("Invalid end_behavior.", "end_behavior");
      schedule.end_behavior = endBehavior;
    }
    return schedule;
  }

  /** Releases the subscription from its schedule: the planned change is dropped, the subscription goes on as it is. */
  releaseSchedule(schedule: StripeObject): StripeObject {
    if (schedule.status !== "active") throw invalid("This schedule is no longer active.", "schedule");
    const subscription = this.get("subscription", schedule.subscription as string);
    subscription.schedule = null;
    Object.assign(schedule, { status: "released", released_subscription: subscription.id, subscription: null });
    return schedule;
  }

  /** Pays an open invoice on its hosted page: after authentication (no card), or with a new card. */
  payInvoice(invoice: StripeObject, cardNumber: string | null): "paid" | CardOutcome {
    const paymentIntent = this.paymentIntentOf(invoice);
    const outcome = cardNumber === null ? "succeeds" : cardOutcome(cardNumber);
    if (outcome !== "succeeds") {
      Object.assign(paymentIntent, { status: paymentIntentStatus(outcome) });
      return outcome;
    }
    Object.assign(paymentIntent, { status: "succeeded", last_payment_error: null });
    Object.assign(invoice, { status: "paid", amount_paid: invoice.amount_due, amount_remaining: 0 });
    (invoice.payments as { data: Array<{ status: string }> }).data[0]!.status = "paid";
    return "paid";
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
    this.chargeInvoice(invoiceId, {
      customerId,
      subscriptionId,
      metadata,
      amount: session.amount_total as number,
      currency: session.currency as string,
      reason: "subscription_create",
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

function paymentIntentStatus(outcome: CardOutcome) {
  if (outcome === "succeeds") return "succeeded";
  return outcome === "authenticate" ? "requires_action" : "requires_payment_method";
}
