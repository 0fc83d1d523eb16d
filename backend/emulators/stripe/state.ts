import { cardOutcome, type CardOutcome } from "./cards";
import { catalogObjects } from "./catalog";
import { Clock } from "./clock";
import { invalid, missing, required, unknownParameter } from "./errors";
import { fieldsOf, metadataOf, text, texts, updatedMetadata, type FormObject, type FormValue } from "./form";
import {
  newId,
  type Coupon,
  type Customer,
  type Discount,
  type LineItem,
  type ObjectKind,
  type Objects,
  type PaymentMethod,
  type PortalSession,
  type TaxId,
  type TaxRate,
} from "./objects";
import { taxIdCountry } from "./tax-ids";

const KINDS: ObjectKind[] = [
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
  "invoice_payment",
  "payment_method",
  "payment_intent",
  "charge",
  "refund",
  "subscription_schedule",
  "billing_portal.session",
];

/**
 * What a Checkout Session sells, kept apart from the session as Stripe keeps
 * it: its line items (read through their own endpoint or an expansion), and
 * what the subscription it makes is to carry.
 */
export interface Purchase {
  lines: LineItem[];
  /** Each line's own tax rates (`line_items[n][tax_rates]`), which its subscription item keeps. */
  lineTaxRates: TaxRate[][];
  defaultTaxRates: TaxRate[];
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

type Tables = { [Kind in ObjectKind]: Map<string, Objects[Kind]> };

/** Everything a saved state holds: each kind's objects, and what Stripe keeps to itself. */
export interface StateSnapshot {
  objects: { [Kind in ObjectKind]?: Array<Objects[Kind]> };
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
  private readonly tables = Object.fromEntries(KINDS.map((kind) => [kind, new Map()])) as Tables;
  readonly products = this.tables.product;
  readonly prices = this.tables.price;
  readonly customers = this.tables.customer;
  readonly taxIds = this.tables.tax_id;
  readonly sessions = this.tables["checkout.session"];
  /** By Checkout Session id. */
  readonly purchases = new Map<string, Purchase>();
  readonly coupons = this.tables.coupon;
  readonly discounts = this.tables.discount;
  readonly taxRates = this.tables.tax_rate;
  readonly subscriptions = this.tables.subscription;
  readonly invoices = this.tables.invoice;
  readonly invoicePayments = this.tables.invoice_payment;
  readonly paymentMethods = this.tables.payment_method;
  readonly portalSessions = this.tables["billing_portal.session"];
  readonly paymentIntents = this.tables.payment_intent;
  readonly charges = this.tables.charge;
  readonly refunds = this.tables.refund;
  readonly schedules = this.tables.subscription_schedule;
  /** What charging each saved card does: the test card's behaviour, which Stripe keeps to itself. */
  private readonly cardOutcomes = new Map<string, CardOutcome>();
  /** The authentication pages made for redirects, by id. */
  readonly authentications = new Map<string, Authentication>();

  constructor(
    readonly publicUrl: string,
    readonly clock = new Clock(),
  ) {
    const { products, prices, coupons } = catalogObjects(this.now());
    for (const product of products) this.products.set(product.id, product);
    for (const price of prices) this.prices.set(price.id, price);
    for (const coupon of coupons) this.coupons.set(coupon.id, coupon);
  }

  now() {
    return this.clock.now();
  }

  /** The object of that kind; `param` names where a request referred to it (the URL's id by default). */
  get<Kind extends ObjectKind>(kind: Kind, id: string, param?: string): Objects[Kind] {
    const found = this.tables[kind].get(id);
    if (!found) throw missing(kind, id, param);
    return found;
  }

  /** Keeps a new object of its kind. */
  add<Kind extends ObjectKind>(kind: Kind, object: Objects[Kind]): Objects[Kind] {
    this.tables[kind].set(object.id, object);
    return object;
  }

  snapshot(): StateSnapshot {
    return {
      objects: Object.fromEntries(KINDS.map((kind) => [kind, [...this.tables[kind].values()]])),
      purchases: Object.fromEntries(this.purchases),
      cardOutcomes: Object.fromEntries(this.cardOutcomes),
      authentications: Object.fromEntries(this.authentications),
    };
  }

  /** Replaces everything held, the catalog included, with a snapshot's. */
  restore(snapshot: StateSnapshot) {
    for (const kind of KINDS) this.restoreKind(kind, snapshot.objects[kind] ?? []);
    this.purchases.clear();
    for (const [id, purchase] of Object.entries(snapshot.purchases)) this.purchases.set(id, purchase);
    this.cardOutcomes.clear();
    for (const [id, outcome] of Object.entries(snapshot.cardOutcomes)) this.cardOutcomes.set(id, outcome);
    this.authentications.clear();
    for (const [id, page] of Object.entries(snapshot.authentications ?? {})) this.authentications.set(id, page);
  }

  private restoreKind<Kind extends ObjectKind>(kind: Kind, objects: Array<Objects[Kind]>) {
    this.tables[kind].clear();
    for (const object of objects) this.tables[kind].set(object.id, object);
  }

  /** A tax rate (the EUR customers' VAT): a percentage, inclusive or not, optionally for a country. */
  createTaxRate(params: FormObject, id = newId("txr")): TaxRate {
    const displayName = text(params.display_name);
    if (!displayName) throw required("display_name");
    const percentage = Number(text(params.percentage));
    if (text(params.percentage) === undefined) throw required("percentage");
    if (!Number.isFinite(percentage) || percentage < 0 || percentage > 100) {
      throw invalid("The percentage must be between 0 and 100.", "percentage");
    }
    const inclusive = text(params.inclusive);
    if (inclusive !== "true" && inclusive !== "false") throw required("inclusive");
    return this.add("tax_rate", {
      id,
      object: "tax_rate",
      active: true,
      country: text(params.country) ?? null,
      created: this.now(),
      description: null,
      display_name: displayName,
      effective_percentage: percentage,
      flat_amount: null,
      inclusive: inclusive === "true",
      jurisdiction: null,
      jurisdiction_level: null,
      livemode: false,
      metadata: metadataOf(params.metadata),
      percentage,
      rate_type: "percentage",
      state: null,
      tax_type: null,
    });
  }

  /** The tax rates of a list of ids (`default_tax_rates[]`, `line_items[0][tax_rates][]`); `param` names the list. */
  taxRatesOf(value: FormValue | undefined, param: string): TaxRate[] {
    return texts(value).map((id, index) => this.get("tax_rate", id, `${param}[${index}]`));
  }

  /**
   * The coupon of a `discounts` parameter (`discounts[0][coupon]`), or null.
   * One discount at most: the product's seat coupons do not add up.
   */
  couponOf(value: FormValue | undefined, param: string): Coupon | null {
    const discounts = Array.isArray(value) ? value : [];
    if (discounts.length > 1) throw invalid("Only one discount is available locally.", param);
    if (discounts.length === 0) return null;
    const couponId = text(fieldsOf(discounts[0]).coupon);
    if (!couponId) throw required(`${param}[0][coupon]`);
    return this.get("coupon", couponId, `${param}[0][coupon]`);
  }

  /** A coupon applied to a customer's subscription (Stripe's discount object). */
  createDiscount(
    coupon: Coupon,
    applied: { customer: string; subscription: string; checkoutSession: string | null },
  ): Discount {
    return this.add("discount", {
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
    });
  }

  /** The coupon behind a discount. */
  couponOfDiscount(discountId: string): Coupon {
    const { coupon } = this.get("discount", discountId).source;
    return this.get("coupon", typeof coupon === "string" ? coupon : coupon!.id);
  }

  /** A customer with its tax IDs (`tax_id_data`), each checked before anything is made. */
  createCustomer(params: FormObject, id = newId("cus")): Customer {
    const taxIds = (Array.isArray(params.tax_id_data) ? params.tax_id_data : []).map(fieldsOf);
    taxIds.forEach((taxId, index) =>
      taxIdCountry(text(taxId.type), text(taxId.value), (field) => `tax_id_data[${index}][${field}]`),
    );
    const customer = this.add("customer", {
      id,
      object: "customer",
      address: addressOf(params.address),
      balance: 0,
      created: this.now(),
      currency: null,
      customer_account: null,
      default_source: null,
      delinquent: false,
      description: null,
      discount: null,
      email: text(params.email) ?? null,
      // Stripe's prefixes are 3 to 12 capital letters or digits.
      invoice_prefix: id.slice(4).replace(/[^a-z0-9]/gi, "").slice(0, 8).toUpperCase().padEnd(3, "0"),
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
      livemode: false,
      metadata: metadataOf(params.metadata),
      name: text(params.name) ?? null,
      next_invoice_sequence: 1,
      phone: null,
      preferred_locales: [],
      shipping: null,
      tax_exempt: "none",
      test_clock: null,
    });
    for (const taxId of taxIds) this.addTaxId(customer.id, taxId);
    return customer;
  }

  /**
   * Name, e-mail, address and metadata (merged; an empty value removes a
   * key). Stripe takes no `tax_id_data` here: tax IDs are added through
   * `POST /v1/customers/{id}/tax_ids`.
   */
  updateCustomer(customer: Customer, params: FormObject): Customer {
    if (params.tax_id_data !== undefined) throw unknownParameter("tax_id_data");
    if (params.email !== undefined) customer.email = text(params.email) || null;
    if (params.name !== undefined) customer.name = text(params.name) || null;
    if (params.address !== undefined) customer.address = addressOf(params.address);
    if (params.metadata !== undefined) customer.metadata = updatedMetadata(customer.metadata, params.metadata);
    return customer;
  }

  /** A tax ID of the customer (`type`, `value`), checked as Stripe checks it. */
  addTaxId(customerId: string, params: FormObject): TaxId {
    this.get("customer", customerId);
    const type = text(params.type);
    const value = text(params.value);
    const country = taxIdCountry(type, value, (field) => field);
    return this.add("tax_id", {
      id: newId("txi"),
      object: "tax_id",
      country,
      created: this.now(),
      customer: customerId,
      customer_account: null,
      livemode: false,
      owner: { customer: customerId, customer_account: null, type: "customer" },
      type: type!,
      value: value!,
      // Stripe checks EU VAT numbers with VIES after the fact; the local one never does.
      verification: type === "eu_vat" ? { status: "pending", verified_address: null, verified_name: null } : null,
    });
  }

  /** The customer's tax IDs, newest first, as Stripe lists them. */
  taxIdsOf(customerId: string): TaxId[] {
    this.get("customer", customerId);
    return [...this.taxIds.values()].filter((taxId) => taxId.customer === customerId).reverse();
  }

  /**
   * A test card as a payment method of the customer; by default it becomes
   * the default one (what the portal shows and renewals charge).
   */
  attachCard(customerId: string, cardNumber: string, { asDefault = true } = {}): PaymentMethod {
    const customer = this.get("customer", customerId);
    const paymentMethod = this.add("payment_method", {
      id: newId("pm"),
      object: "payment_method",
      allow_redisplay: "unspecified",
      billing_details: { address: null, email: null, name: null, phone: null, tax_id: null },
      card: {
        brand: "visa",
        checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: "pass" },
        country: "US",
        display_brand: "visa",
        exp_month: 12,
        exp_year: 2034,
        funding: "credit",
        generated_from: null,
        last4: cardNumber.replace(/\D/g, "").slice(-4),
        networks: { available: ["visa"], preferred: null },
        regulated_status: "unregulated",
        three_d_secure_usage: { supported: true },
        wallet: null,
      },
      created: this.now(),
      customer: customerId,
      customer_account: null,
      livemode: false,
      metadata: {},
      type: "card",
    });
    this.cardOutcomes.set(paymentMethod.id, cardOutcome(cardNumber));
    if (asDefault) customer.invoice_settings.default_payment_method = paymentMethod.id;
    return paymentMethod;
  }

  /** The customer's default card, if any. */
  defaultCard(customerId: string): PaymentMethod | null {
    const card = this.get("customer", customerId).invoice_settings.default_payment_method;
    return card ? this.get("payment_method", card) : null;
  }

  /** What charging a saved card does. */
  cardOutcomeOf(paymentMethod: PaymentMethod): CardOutcome {
    return this.cardOutcomes.get(paymentMethod.id) ?? "declined";
  }

  /** A customer portal session: its `url` opens the hosted portal, which links back to `return_url`. */
  createPortalSession(params: FormObject): PortalSession {
    const customerId = text(params.customer);
    if (!customerId) throw required("customer");
    this.get("customer", customerId, "customer");
    const id = newId("bps");
    return this.add("billing_portal.session", {
      id,
      object: "billing_portal.session",
      configuration: "bpc_local",
      created: this.now(),
      customer: customerId,
      customer_account: null,
      flow: null,
      livemode: false,
      locale: null,
      on_behalf_of: null,
      return_url: text(params.return_url) ?? null,
      url: `${this.publicUrl}/p/session/${id}`,
    });
  }

  /** The customer's subscriptions and invoices, newest first. */
  ofCustomer(customerId: string) {
    const mine = <Kept extends { customer: string | null }>(objects: Map<string, Kept>) =>
      [...objects.values()].filter((object) => object.customer === customerId).reverse();
    return { subscriptions: mine(this.subscriptions), invoices: mine(this.invoices) };
  }
}
