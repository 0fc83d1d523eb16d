import { invalid, refused, required } from "./errors";
import { fieldsOf, metadataOf, text, type FormObject } from "./form";
import { newId, update, type CheckoutSession } from "./objects";
import type { StripeState } from "./state";
import { invoiceSubscription, startSubscription } from "./subscriptions";
import { totalsOf } from "./totals";

/** How long an open Checkout Session stays payable, as Stripe's default (24 hours). */
const SESSION_LIFETIME_S = 24 * 3600;

/**
 * A subscription-mode Checkout Session over catalog prices (the only mode
 * the product uses): a coupon (`discounts[0][coupon]`) off the subtotal,
 * then each line's tax rates (`line_items[n][tax_rates]`, or else
 * `subscription_data[default_tax_rates]`) on what is left.
 */
export function createCheckoutSession(state: StripeState, params: FormObject): CheckoutSession {
  const mode = text(params.mode);
  if (!mode) throw required("mode");
  if (mode !== "subscription") throw invalid("Only subscription mode is available locally.", "mode");
  const successUrl = text(params.success_url);
  if (!successUrl) throw required("success_url");
  const customerId = text(params.customer);
  if (customerId) state.get("customer", customerId, "customer");
  if (customerId && text(params.customer_email)) {
    throw invalid("You may only specify one of these parameters: customer, customer_email.", "customer_email");
  }
  const customerUpdate = fieldsOf(params.customer_update);
  for (const [field, value] of Object.entries(customerUpdate)) {
    if (!["address", "name", "shipping"].includes(field) || (value !== "auto" && value !== "never")) {
      throw invalid(`Invalid customer_update[${field}].`, `customer_update[${field}]`);
    }
  }
  if (Object.keys(customerUpdate).length > 0 && !customerId) {
    throw invalid("customer_update can only be used with customer.", "customer_update");
  }
  const items = Array.isArray(params.line_items) ? params.line_items.map(fieldsOf) : [];
  if (items.length === 0) throw required("line_items");
  const lines = items.map((line, index) => {
    const priceId = text(line.price);
    if (!priceId) throw required(`line_items[${index}][price]`);
    const price = state.get("price", priceId, `line_items[${index}][price]`);
    const quantity = Number(text(line.quantity) ?? "1");
    if (!Number.isInteger(quantity) || quantity < 1) throw invalid("Invalid integer", `line_items[${index}][quantity]`);
    const taxRates = state.taxRatesOf(line.tax_rates, `line_items[${index}][tax_rates]`);
    return { price, quantity, taxRates, amount: price.unit_amount! * quantity };
  });
  const currencies = new Set(lines.map((line) => line.price.currency));
  if (currencies.size > 1) throw invalid("All prices must be in the same currency.", "line_items");
  const coupon = state.couponOf(params.discounts, "discounts");
  const subscriptionData = fieldsOf(params.subscription_data);
  const defaultTaxRates = state.taxRatesOf(subscriptionData.default_tax_rates, "subscription_data[default_tax_rates]");
  const charged = lines.map((line) => ({
    amount: line.amount,
    taxRates: line.taxRates.length > 0 ? line.taxRates : defaultTaxRates,
  }));
  const totals = totalsOf(charged, coupon ? coupon.percent_off : null);
  const id = newId("cs_test");
  const created = state.now();
  const session = state.add("checkout.session", {
    id,
    object: "checkout.session",
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: null,
    allowed_payment_method_types: null,
    amount_subtotal: totals.subtotal,
    amount_total: totals.total,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: text(params.cancel_url) ?? null,
    client_reference_id: text(params.client_reference_id) ?? null,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created,
    currency: lines[0]!.price.currency,
    currency_conversion: null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: customerId ?? null,
    customer_account: null,
    customer_creation: customerId ? null : "always",
    customer_details: null,
    customer_email: text(params.customer_email) ?? null,
    discounts: coupon ? [{ coupon: coupon.id, promotion_code: null }] : [],
    expires_at: created + SESSION_LIFETIME_S,
    integration_identifier: null,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: null,
    managed_payments: null,
    metadata: metadataOf(params.metadata),
    mode: "subscription",
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: "always",
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: ["card"],
    payment_status: "unpaid",
    permissions: null,
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: "open",
    submit_type: null,
    subscription: null,
    success_url: successUrl,
    total_details: { amount_discount: totals.discount, amount_shipping: 0, amount_tax: totals.tax },
    ui_mode: "hosted",
    url: `${state.publicUrl}/c/pay/${id}`,
    wallet_options: null,
  });
  state.purchases.set(id, {
    lines: lines.map((line, index) => {
      const { discount, taxes } = totals.lines[index]!;
      const tax = taxes.reduce((sum, entry) => sum + entry.amount, 0);
      const exclusiveTax = taxes.filter((entry) => !entry.rate.inclusive).reduce((sum, entry) => sum + entry.amount, 0);
      return {
        id: `li_${id.slice("cs_test_".length)}_${index}`,
        object: "item" as const,
        adjustable_quantity: null,
        amount_discount: discount,
        amount_subtotal: line.amount,
        amount_tax: tax,
        amount_total: line.amount - discount + exclusiveTax,
        currency: line.price.currency,
        description: state.get("product", line.price.product).name,
        metadata: {},
        price: line.price,
        quantity: line.quantity,
      };
    }),
    lineTaxRates: lines.map((line) => line.taxRates),
    defaultTaxRates,
    subscriptionMetadata: metadataOf(subscriptionData.metadata),
  });
  return session;
}

/**
 * The hosted page's payment went through: the session completes with a
 * customer (made from its e-mail when it had none), an active subscription
 * of its line items with its coupon and tax rates, and that subscription's
 * first invoice, paid; the card becomes the customer's default. Answers
 * where the browser goes next.
 */
export function completeCheckoutSession(state: StripeState, session: CheckoutSession, cardNumber: string): string {
  const purchase = state.purchases.get(session.id)!;
  const customer = session.customer
    ? state.get("customer", session.customer)
    : state.createCustomer({ email: session.customer_email ?? "" });
  state.attachCard(customer.id, cardNumber);
  const coupon = session.discounts?.[0]?.coupon;
  const subscription = startSubscription(state, {
    customer: customer.id,
    items: purchase.lines.map((line, index) => ({
      price: line.price,
      quantity: line.quantity,
      taxRates: purchase.lineTaxRates[index]!,
    })),
    defaultTaxRates: purchase.defaultTaxRates,
    coupon: coupon ? state.get("coupon", typeof coupon === "string" ? coupon : coupon.id) : null,
    metadata: purchase.subscriptionMetadata,
    checkoutSession: session.id,
  });
  // Paid on the page (authenticated there when the card asked): the first invoice is paid whatever the card.
  const invoice = invoiceSubscription(state, subscription, "subscription_create", { outcome: "succeeds" });
  update(session, {
    status: "complete",
    payment_status: "paid",
    customer: customer.id,
    customer_details: {
      address: customer.address,
      business_name: null,
      email: customer.email,
      individual_name: null,
      name: customer.name,
      phone: null,
      tax_exempt: "none",
      tax_ids: state.taxIdsOf(customer.id).map((taxId) => ({ type: taxId.type, value: taxId.value })),
    },
    invoice: invoice.id,
    subscription: subscription.id,
  });
  return session.success_url!.replace("{CHECKOUT_SESSION_ID}", session.id);
}

/**
 * Ends an open session unpaid (`POST /v1/checkout/sessions/{id}/expire`,
 * or its `expires_at` passing): `expired`, its `url` gone, its hosted page
 * refusing payment from then on. A session no longer open is refused with
 * Stripe's message.
 */
export function expireCheckoutSession(session: CheckoutSession): CheckoutSession {
  if (session.status !== "open") {
    throw refused(
      `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${session.status!}\`.`,
    );
  }
  return update(session, { status: "expired", url: null });
}
