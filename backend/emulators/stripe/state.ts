import { cardOutcome, type CardOutcome } from "./cards";
import { COUPONS, PRICES, PRODUCTS } from "./catalog";
import { Clock } from "./clock";
import { invalid, missing, required, unknownParameter } from "./errors";
import { fieldsOf, metadataOf, text, texts, updatedMetadata, type FormObject, type FormValue } from "./form";
import { newId, type StripeObject } from "./objects";
import { taxIdCountry } from "./tax-ids";

const KINDS = [
  "product",
  "price",
  "coupon",
  "tax_rate",
  "customer",
  "tax_id",
  "discount",
  "checkout.session",
  "subscription",
  "invoice",
  "payment_method",
  "payment_intent",
  "charge",
  "refund",
  "subscription_schedule",
  "billing_portal.session",
] as const;
export type ObjectKind = (typeof KINDS)[number];

/**
 * What a Checkout Session sells, kept apart from the session as Stripe keeps
 * it: its line items (read through their own endpoint or an expansion), and
 * what the subscription it makes is to carry.
 */
export interface Purchase {
  lines: StripeObject[];
  /** Each line's own tax rates (`line_items[n][tax_rates]`), which its subscription item keeps. */
  lineTaxRates: StripeObject[][];
  defaultTaxRates: StripeObject[];
  subscriptionMetadata: Record<string, string>;
}

/**
 * A page where the customer authenticates a payment, reached through its
 * payment intent's `next_action.redirect_to_url`, that sends the browser
 * back to `returnUrl`.
 */
export interface Authentication {
  paymentIntent: string;
  returnUrl: string;
}

/** Everything a saved state holds: each kind's objects, and what Stripe keeps to itself. */
export interface StateSnapshot {
  objects: Record<ObjectKind, StripeObject[]>;
  purchases: Record<string, Purchase>;
  cardOutcomes: Record<string, CardOutcome>;
  /** By id (absent from states saved before there were any). */
  authentications?: Record<string, Authentication>;
}

/** A postal address as Stripe answers it: every field, null when not given. */
function addressOf(value: FormValue | undefined) {
  if (value === undefined || value === "") return null;
  const fields = fieldsOf(value);
  const field = (name: string) => text(fields[name]) ?? null;
  return {
    city: field("city"),
    country: field("country"),
    line1: field("line1"),
    line2: field("line2"),
    postal_code: field("postal_code"),
    state: field("state"),
  };
}

/**
 * Everything the local Stripe holds, in memory: the catalog it starts with
 * and what its callers create. `publicUrl` is where browsers reach its
 * hosted pages; `clock` says what time it is.
 */
export class StripeState {
  readonly products = new Map<string, StripeObject>();
  readonly prices = new Map<string, StripeObject>();
  readonly customers = new Map<string, StripeObject>();
  readonly taxIds = new Map<string, StripeObject>();
  readonly sessions = new Map<string, StripeObject>();
  /** By Checkout Session id. */
  readonly purchases = new Map<string, Purchase>();
  readonly coupons = new Map<string, StripeObject>();
  readonly discounts = new Map<string, StripeObject>();
  readonly taxRates = new Map<string, StripeObject>();
  readonly subscriptions = new Map<string, StripeObject>();
  readonly invoices = new Map<string, StripeObject>();
  readonly paymentMethods = new Map<string, StripeObject>();
  readonly portalSessions = new Map<string, StripeObject>();
  readonly paymentIntents = new Map<string, StripeObject>();
  readonly charges = new Map<string, StripeObject>();
  readonly refunds = new Map<string, StripeObject>();
  readonly schedules = new Map<string, StripeObject>();
  /** What charging each saved card does: the test card's behaviour, which Stripe keeps to itself. */
  private readonly cardOutcomes = new Map<string, CardOutcome>();
  /** The authentication pages made for redirects, by id. */
  readonly authentications = new Map<string, Authentication>();

  constructor(
    readonly publicUrl: string,
    readonly clock = new Clock(),
  ) {
    const created = this.now();
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

  now() {
    return this.clock.now();
  }

  private get tables(): Record<ObjectKind, Map<string, StripeObject>> {
    return {
      product: this.products,
      price: this.prices,
      coupon: this.coupons,
      tax_rate: this.taxRates,
      customer: this.customers,
      tax_id: this.taxIds,
      discount: this.discounts,
      "checkout.session": this.sessions,
      subscription: this.subscriptions,
      invoice: this.invoices,
      payment_method: this.paymentMethods,
      payment_intent: this.paymentIntents,
      charge: this.charges,
      refund: this.refunds,
      subscription_schedule: this.schedules,
      "billing_portal.session": this.portalSessions,
    };
  }

  /** The object of that kind; `param` names where a request referred to it (the URL's id by default). */
  get(kind: ObjectKind, id: string, param?: string): StripeObject {
    const found = this.tables[kind].get(id);
    if (!found) throw missing(kind, id, param);
    return found;
  }

  snapshot(): StateSnapshot {
    const tables = this.tables;
    return {
      objects: Object.fromEntries(KINDS.map((kind) => [kind, [...tables[kind].values()]])) as StateSnapshot["objects"],
      purchases: Object.fromEntries(this.purchases),
      cardOutcomes: Object.fromEntries(this.cardOutcomes),
      authentications: Object.fromEntries(this.authentications),
    };
  }

  /** Replaces everything held, the catalog included, with a snapshot's. */
  restore(snapshot: StateSnapshot) {
    const tables = this.tables;
    for (const kind of KINDS) {
      tables[kind].clear();
      for (const object of snapshot.objects[kind] ?? []) tables[kind].set(object.id, object);
    }
    this.purchases.clear();
    for (const [id, purchase] of Object.entries(snapshot.purchases)) this.purchases.set(id, purchase);
    this.cardOutcomes.clear();
    for (const [id, outcome] of Object.entries(snapshot.cardOutcomes)) this.cardOutcomes.set(id, outcome);
    this.authentications.clear();
    for (const [id, page] of Object.entries(snapshot.authentications ?? {})) this.authentications.set(id, page);
  }

  /** A tax rate (the EUR customers' VAT): a percentage, inclusive or not, optionally for a country. */
  createTaxRate(params: FormObject, id = newId("txr")): StripeObject {
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
      id,
      object: "tax_rate",
      active: true,
      country: text(params.country) ?? null,
      created: this.now(),
      display_name: displayName,
      inclusive: inclusive === "true",
      livemode: false,
      metadata: metadataOf(params.metadata),
      percentage,
    };
    this.taxRates.set(taxRate.id, taxRate);
    return taxRate;
  }

  /** The tax rates of a list of ids (`default_tax_rates[]`, `line_items[0][tax_rates][]`); `param` names the list. */
  taxRatesOf(value: FormValue | undefined, param: string): StripeObject[] {
    return texts(value).map((id, index) => this.get("tax_rate", id, `${param}[${index}]`));
  }

  /**
   * The coupon of a `discounts` parameter (`discounts[0][coupon]`), or null.
   * One discount at most: the product's seat coupons do not add up.
   */
  couponOf(value: FormValue | undefined, param: string): StripeObject | null {
    const discounts = Array.isArray(value) ? value : [];
    if (discounts.length > 1) throw invalid("Only one discount is available locally.", param);
    if (discounts.length === 0) return null;
    const couponId = text(fieldsOf(discounts[0]).coupon);
    if (!couponId) throw required(`${param}[0][coupon]`);
    return this.get("coupon", couponId, `${param}[0][coupon]`);
  }

  /** A coupon applied to a customer's subscription (Stripe's discount object). */
  createDiscount(
    coupon: StripeObject,
    applied: { customer: string; subscription: string; checkoutSession: string | null },
  ): StripeObject {
    const discount: StripeObject = {
      id: newId("di"),
      object: "discount",
      checkout_session: applied.checkoutSession,
      customer: applied.customer,
      customer_account: null,
      end: null,
      invoice: null,
      invoice_item: null,
      promotion_code: null,
      source: { coupon: coupon.id, type: "coupon" },
      start: this.now(),
      subscription: applied.subscription,
      subscription_item: null,
    };
    this.discounts.set(discount.id, discount);
    return discount;
  }

  /** The coupon behind a discount. */
  couponOfDiscount(discountId: string): StripeObject {
    const source = this.get("discount", discountId).source as { coupon: string };
    return this.get("coupon", source.coupon);
  }

  /** A customer with its tax IDs (`tax_id_data`), each checked before anything is made. */
  createCustomer(params: FormObject, id = newId("cus")): StripeObject {
    const taxIds = (Array.isArray(params.tax_id_data) ? params.tax_id_data : []).map(fieldsOf);
    taxIds.forEach((taxId, index) =>
      taxIdCountry(text(taxId.type), text(taxId.value), (field) => `tax_id_data[${index}][${field}]`),
    );
    const customer: StripeObject = {
      id,
      object: "customer",
      address: addressOf(params.address),
      balance: 0,
      created: this.now(),
      currency: null,
      default_source: null,
      delinquent: false,
      description: null,
      email: text(params.email) ?? null,
      invoice_settings: { default_payment_method: null },
      livemode: false,
      metadata: metadataOf(params.metadata),
      name: text(params.name) ?? null,
      phone: null,
      preferred_locales: [],
      shipping: null,
      tax_exempt: "none",
    };
    this.customers.set(customer.id, customer);
    for (const taxId of taxIds) this.addTaxId(customer.id, taxId);
    return customer;
  }

  /**
   * Name, e-mail, address and metadata (merged; an empty value removes a
   * key). Stripe takes no `tax_id_data` here: tax IDs are added through
   * `POST /v1/customers/{id}/tax_ids`.
   */
  updateCustomer(customer: StripeObject, params: FormObject): StripeObject {
    if (params.tax_id_data !== undefined) throw unknownParameter("tax_id_data");
    if (params.email !== undefined) customer.email = text(params.email) || null;
    if (params.name !== undefined) customer.name = text(params.name) || null;
    if (params.address !== undefined) customer.address = addressOf(params.address);
    if (params.metadata !== undefined) {
      customer.metadata = updatedMetadata(customer.metadata as Record<string, string>, params.metadata);
    }
    return customer;
  }

  /** A tax ID of the customer (`type`, `value`), checked as Stripe checks it. */
  addTaxId(customerId: string, params: FormObject): StripeObject {
    this.get("customer", customerId);
    const type = text(params.type);
    const value = text(params.value);
    const country = taxIdCountry(type, value, (field) => field);
    const taxId: StripeObject = {
      id: newId("txi"),
      object: "tax_id",
      country,
      created: this.now(),
      customer: customerId,
      customer_account: null,
      livemode: false,
      owner: { customer: customerId, customer_account: null, type: "customer" },
      type,
      value,
      // Stripe checks EU VAT numbers with VIES after the fact; the local one never does.
      verification: type === "eu_vat" ? { status: "pending", verified_address: null, verified_name: null } : null,
    };
    this.taxIds.set(taxId.id, taxId);
    return taxId;
  }

  /** The customer's tax IDs, newest first, as Stripe lists them. */
  taxIdsOf(customerId: string): StripeObject[] {
    this.get("customer", customerId);
    return [...this.taxIds.values()].filter((taxId) => taxId.customer === customerId).reverse();
  }

  /**
   * A test card as a payment method of the customer; by default it becomes
   * the default one (what the portal shows and renewals charge).
   */
  attachCard(customerId: string, cardNumber: string, { asDefault = true } = {}): StripeObject {
    const customer = this.get("customer", customerId);
    const paymentMethod: StripeObject = {
      id: newId("pm"),
      object: "payment_method",
      card: { brand: "visa", exp_month: 12, exp_year: 2034, last4: cardNumber.replace(/\D/g, "").slice(-4) },
      created: this.now(),
      customer: customerId,
      livemode: false,
      type: "card",
    };
    this.paymentMethods.set(paymentMethod.id, paymentMethod);
    this.cardOutcomes.set(paymentMethod.id, cardOutcome(cardNumber));
    if (asDefault) customer.invoice_settings = { default_payment_method: paymentMethod.id };
    return paymentMethod;
  }

  /** The customer's default card, if any. */
  defaultCard(customerId: string): StripeObject | null {
    const customer = this.get("customer", customerId);
    const card = (customer.invoice_settings as { default_payment_method: string | null }).default_payment_method;
    return card ? this.get("payment_method", card) : null;
  }

  /** What charging a saved card does. */
  cardOutcomeOf(paymentMethod: StripeObject): CardOutcome {
    return this.cardOutcomes.get(paymentMethod.id) ?? "declined";
  }

  /** A customer portal session: its `url` opens the hosted portal, which links back to `return_url`. */
  createPortalSession(params: FormObject): StripeObject {
    const customerId = text(params.customer);
    if (!customerId) throw required("customer");
    this.get("customer", customerId, "customer");
    const id = newId("bps");
    const portal: StripeObject = {
      id,
      object: "billing_portal.session",
      created: this.now(),
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
}
