import type { CardOutcome } from "./cards";
import { refused } from "./errors";
import { discountAmounts, invoiceLine, pretaxCredits, taxEntry, type InvoicedLine } from "./invoice-lines";
import { newId, update, type Invoice, type PaymentIntent } from "./objects";
import { attemptPayment, cancelPaymentIntent, createPaymentIntent } from "./payment-intents";
import type { StripeState } from "./state";
import { totalsOf } from "./totals";

export interface InvoiceCharge {
  /** The invoice's id; by default a new one. */
  id?: string;
  customer: string;
  subscription: string;
  metadata: Record<string, string>;
  currency: string;
  reason: "subscription_create" | "subscription_cycle" | "subscription_update";
  lines: InvoicedLine[];
  /** The subscription's discount (a `di_…` id), applied to every line. */
  discount: string | null;
  /** What the payment does; by default, what the customer's default card does. */
  outcome?: CardOutcome;
}

/** How Stripe describes the payment of a subscription's invoice. */
const PAYMENT_DESCRIPTIONS: Record<InvoiceCharge["reason"], string> = {
  subscription_create: "Subscription creation",
  subscription_cycle: "Subscription cycle",
  subscription_update: "Subscription update",
};

/**
 * The payment of what is due, through a payment intent charging the
 * customer's default card (with the outcome asked for, if any); none when
 * nothing is due, as Stripe marks such an invoice paid without a payment.
 */
function payDue(state: StripeState, charge: InvoiceCharge, due: number): PaymentIntent | null {
  if (due === 0) return null;
  const paymentIntent = createPaymentIntent(state, {
    amount: due,
    currency: charge.currency,
    customer: charge.customer,
    description: PAYMENT_DESCRIPTIONS[charge.reason],
  });
  // Without a card nothing can be attempted: the payment waits for one.
  const card = state.defaultCard(charge.customer);
  if (card)
    attemptPayment(state, paymentIntent, { paymentMethod: card, outcome: charge.outcome ?? state.cardOutcomeOf(card) });
  return paymentIntent;
}

/**
 * An invoice of a subscription's lines, its discount taken off and its tax
 * rates applied, charged at once through a payment intent: paid when the
 * payment goes through; otherwise left open, its payment intent saying why
 * (`requires_action`: the card asks for authentication;
 * `requires_payment_method`: declined).
 */
export function chargeInvoice(state: StripeState, charge: InvoiceCharge): Invoice {
  const id = charge.id ?? newId("in");
  const created = state.now();
  const percentOff = charge.discount ? state.couponOfDiscount(charge.discount).percent_off : null;
  const totals = totalsOf(charge.lines, percentOff);
  // A credit larger than the charges leaves nothing due (Stripe keeps the rest on the customer's balance).
  const due = Math.max(0, totals.total);
  const customer = state.get("customer", charge.customer);
  const paymentIntent = payDue(state, charge, due);
  const paid = paymentIntent === null || paymentIntent.status === "succeeded";
  const invoice = state.add("invoice", {
    id,
    object: "invoice",
    account_country: "US",
    account_name: "Local Stripe",
    account_tax_ids: null,
    amount_due: due,
    amount_overpaid: 0,
    amount_paid: paid ? due : 0,
    amount_remaining: paid ? 0 : due,
    amount_shipping: 0,
    application: null,
    attempt_count: paymentIntent ? 1 : 0,
    attempted: paymentIntent !== null,
    auto_advance: !paid,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: charge.reason,
    collection_method: "charge_automatically",
    created,
    currency: charge.currency,
    custom_fields: null,
    customer: charge.customer,
    customer_account: null,
    customer_address: customer.address,
    customer_email: customer.email,
    customer_name: customer.name,
    customer_phone: null,
    customer_shipping: null,
    customer_tax_exempt: "none",
    customer_tax_ids: state.taxIdsOf(charge.customer).map((taxId) => ({ type: taxId.type, value: taxId.value })),
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: charge.discount ? [charge.discount] : [],
    due_date: null,
    effective_at: created,
    ending_balance: 0,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: `${state.publicUrl}/i/${id}`,
    invoice_pdf: null,
    issuer: { type: "self" },
    last_finalization_error: null,
    latest_revision: null,
    lines: {
      object: "list",
      data: charge.lines.map((line, index) =>
        invoiceLine(
          state,
          { id, currency: charge.currency, subscription: charge.subscription, discount: charge.discount },
          line,
          totals.lines[index]!,
        ),
      ),
      has_more: false,
      url: `/v1/invoices/${id}/lines`,
    },
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: `${customer.invoice_prefix}-${String(customer.next_invoice_sequence++).padStart(4, "0")}`,
    on_behalf_of: null,
    parent: {
      type: "subscription_details",
      quote_details: null,
      subscription_details: { subscription: charge.subscription, metadata: charge.metadata },
    },
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: created,
    period_start: created,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: paid ? "paid" : "open",
    status_transitions: {
      finalized_at: created,
      marked_uncollectible_at: null,
      paid_at: paid ? created : null,
      voided_at: null,
    },
    subtotal: totals.subtotal,
    // The subtotal less the taxes included in it.
    subtotal_excluding_tax: totals.totalExcludingTax + totals.discount,
    test_clock: null,
    total: totals.total,
    total_discount_amounts: discountAmounts(charge.discount, totals.discount),
    total_excluding_tax: totals.totalExcludingTax,
    total_pretax_credit_amounts: pretaxCredits(charge.discount, totals.discount),
    total_taxes: totals.taxes.map(taxEntry),
    webhooks_delivered_at: created,
  });
  if (paymentIntent) {
    state.add("invoice_payment", {
      id: `inpay_${id.slice(3)}`,
      object: "invoice_payment",
      amount_paid: paid ? due : null,
      amount_requested: due,
      created,
      currency: charge.currency,
      invoice: id,
      is_default: true,
      livemode: false,
      payment: { type: "payment_intent", payment_intent: paymentIntent.id },
      status: paid ? "paid" : "open",
      status_transitions: { canceled_at: null, paid_at: paid ? created : null },
    });
  }
  return invoice;
}

/** An invoice's payments (its `payments` list, answered when expanded, as Stripe does since 2025-03-31). */
export const paymentsOf = (state: StripeState, invoiceId: string) =>
  [...state.invoicePayments.values()].filter((payment) => payment.invoice === invoiceId);

/** The payment intent behind an invoice's payment (none when nothing was due). */
export function paymentIntentOf(state: StripeState, invoice: Invoice): PaymentIntent | null {
  const [payment] = paymentsOf(state, invoice.id);
  const paymentIntent = payment?.payment.payment_intent;
  return paymentIntent
    ? state.get("payment_intent", typeof paymentIntent === "string" ? paymentIntent : paymentIntent.id)
    : null;
}

/** The invoice a payment intent pays. */
export function invoiceOfPaymentIntent(state: StripeState, paymentIntent: PaymentIntent): Invoice {
  const payment = [...state.invoicePayments.values()].find(
    (candidate) => candidate.payment.payment_intent === paymentIntent.id,
  )!;
  return state.get("invoice", payment.invoice);
}

/**
 * An open invoice voided (POST /v1/invoices/{id}/void, or its pending
 * update expiring): nothing is to be paid any more, its payment intent is
 * canceled. Anything but an open invoice is refused.
 */
export function voidInvoice(state: StripeState, invoice: Invoice): Invoice {
  if (invoice.status !== "open") {
    throw refused(`You can only void an open invoice; this one is ${invoice.status} (the local Stripe's wording).`);
  }
  const now = state.now();
  update(invoice, { status: "void", auto_advance: false });
  invoice.status_transitions.voided_at = now;
  for (const payment of paymentsOf(state, invoice.id)) update(payment, { status: "canceled" });
  for (const payment of paymentsOf(state, invoice.id)) payment.status_transitions.canceled_at = now;
  const paymentIntent = paymentIntentOf(state, invoice);
  if (paymentIntent) cancelPaymentIntent(state, paymentIntent, "void_invoice");
  return invoice;
}

/** The open invoice's payment went through: paid now. */
export function markInvoicePaid(state: StripeState, invoice: Invoice) {
  const now = state.now();
  update(invoice, { status: "paid", amount_paid: invoice.amount_due, amount_remaining: 0, auto_advance: false });
  invoice.status_transitions.paid_at = now;
  for (const payment of paymentsOf(state, invoice.id)) {
    update(payment, { status: "paid", amount_paid: payment.amount_requested });
    payment.status_transitions.paid_at = now;
  }
}

/** The event an invoice's charge makes: paid, asking for authentication, or failed. */
export function invoiceEvent(state: StripeState, invoice: Invoice) {
  if (invoice.status === "paid") return "invoice.paid";
  return paymentIntentOf(state, invoice)?.status === "requires_action"
    ? "invoice.payment_action_required"
    : "invoice.payment_failed";
}
