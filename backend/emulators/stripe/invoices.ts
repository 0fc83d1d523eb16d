import type { CardOutcome } from "./cards";
import { newId, type StripeObject } from "./objects";
import { refused } from "./errors";
import { attemptPayment, cancelPaymentIntent, createPaymentIntent } from "./payment-intents";
import type { StripeState } from "./state";
import { totalsOf, type TaxAmount } from "./totals";

/** One line of a subscription's invoice: a subscription item over a period, or its proration. */
export interface InvoicedLine {
  subscriptionItem: string;
  price: StripeObject;
  quantity: number;
  /** Before discount and tax. */
  amount: number;
  taxRates: StripeObject[];
  period: { start: number; end: number };
  proration: boolean;
}

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

/** Stripe's `total_taxes` / line `taxes` entry of a tax rate. */
const taxEntry = (tax: TaxAmount) => ({
  amount: tax.amount,
  tax_behavior: tax.rate.inclusive ? "inclusive" : "exclusive",
  tax_rate_details: { tax_rate: tax.rate.id },
  taxability_reason: "standard_rated",
  taxable_amount: tax.taxableAmount,
  type: "tax_rate_details",
});

/** Stripe's `discount_amounts`: what the discount (if any) took off. */
const discountAmounts = (discount: string | null, amount: number) => (discount ? [{ amount, discount }] : []);

/** The same, as `pretax_credit_amounts` list them. */
const pretaxCredits = (discount: string | null, amount: number) =>
  discountAmounts(discount, amount).map((credit) => ({ ...credit, type: "discount" }));

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
function payDue(state: StripeState, charge: InvoiceCharge, due: number): StripeObject | null {
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
export function chargeInvoice(state: StripeState, charge: InvoiceCharge): StripeObject {
  const id = charge.id ?? newId("in");
  const created = state.now();
  const percentOff = charge.discount ? (state.couponOfDiscount(charge.discount).percent_off as number) : null;
  const totals = totalsOf(charge.lines, percentOff);
  // A credit larger than the charges leaves nothing due (Stripe keeps the rest on the customer's balance).
  const due = Math.max(0, totals.total);
  const customer = state.get("customer", charge.customer);
  const paymentIntent = payDue(state, charge, due);
  const paid = paymentIntent === null || paymentIntent.status === "succeeded";
  const invoice: StripeObject = {
    id,
    object: "invoice",
    amount_due: due,
    amount_overpaid: 0,
    amount_paid: paid ? due : 0,
    amount_remaining: paid ? 0 : due,
    amount_shipping: 0,
    attempt_count: 1,
    attempted: true,
    billing_reason: charge.reason,
    collection_method: "charge_automatically",
    created,
    currency: charge.currency,
    customer: charge.customer,
    customer_address: customer.address,
    customer_email: customer.email,
    customer_name: customer.name,
    customer_tax_exempt: "none",
    customer_tax_ids: state.taxIdsOf(charge.customer).map((taxId) => ({ type: taxId.type, value: taxId.value })),
    default_tax_rates: [],
    discounts: charge.discount ? [charge.discount] : [],
    hosted_invoice_url: `${state.publicUrl}/i/${id}`,
    lines: {
      object: "list",
      data: charge.lines.map((line, index) => invoiceLine(state, id, charge, line, totals.lines[index]!)),
      has_more: false,
      url: `/v1/invoices/${id}/lines`,
    },
    livemode: false,
    metadata: {},
    parent: {
      type: "subscription_details",
      quote_details: null,
      subscription_details: { subscription: charge.subscription, metadata: charge.metadata },
    },
    payments: {
      object: "list",
      data: paymentIntent
        ? [
            {
              id: `inpay_${id.slice(3)}`,
              object: "invoice_payment",
              payment: { type: "payment_intent", payment_intent: paymentIntent.id },
              status: paid ? "paid" : "open",
            },
          ]
        : [],
      has_more: false,
      url: `/v1/invoice_payments?invoice=${id}`,
    },
    period_end: created,
    period_start: created,
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
    total: totals.total,
    total_discount_amounts: discountAmounts(charge.discount, totals.discount),
    total_excluding_tax: totals.totalExcludingTax,
    total_pretax_credit_amounts: pretaxCredits(charge.discount, totals.discount),
    total_taxes: totals.taxes.map(taxEntry),
  };
  state.invoices.set(id, invoice);
  return invoice;
}

/** How Stripe names a proration line: the time left on what is added, or the unused time of what is given up. */
const prorationWording = (line: InvoicedLine) => {
  if (!line.proration) return "";
  return line.amount < 0 ? "Unused time on " : "Remaining time on ";
};

function invoiceLine(
  state: StripeState,
  invoiceId: string,
  charge: InvoiceCharge,
  line: InvoicedLine,
  priced: { discount: number; taxes: TaxAmount[] },
) {
  const product = state.get("product", line.price.product as string);
  return {
    id: newId("il"),
    object: "line_item",
    amount: line.amount,
    currency: charge.currency,
    description: `${prorationWording(line)}${line.quantity} × ${product.name as string}`,
    discount_amounts: discountAmounts(charge.discount, priced.discount),
    discountable: true,
    discounts: [],
    invoice: invoiceId,
    livemode: false,
    metadata: {},
    parent: {
      type: "subscription_item_details",
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: null,
        proration: line.proration,
        proration_details: { credited_items: null },
        subscription: charge.subscription,
        subscription_item: line.subscriptionItem,
      },
    },
    period: line.period,
    pretax_credit_amounts: pretaxCredits(charge.discount, priced.discount),
    pricing: {
      price_details: { price: line.price.id, product: product.id },
      type: "price_details",
      unit_amount_decimal: String(line.price.unit_amount),
    },
    quantity: line.quantity,
    subtotal: line.amount,
    taxes: priced.taxes.map(taxEntry),
  };
}

/** The payment intent behind an invoice's payment (none when nothing was due). */
export function paymentIntentOf(state: StripeState, invoice: StripeObject): StripeObject | null {
  const [payment] = (invoice.payments as { data: Array<{ payment: { payment_intent: string } }> }).data;
  return payment ? state.get("payment_intent", payment.payment.payment_intent) : null;
}

/** The invoice a payment intent pays. */
export function invoiceOfPaymentIntent(state: StripeState, paymentIntent: StripeObject): StripeObject {
  return [...state.invoices.values()].find((invoice) => paymentIntentOf(state, invoice)?.id === paymentIntent.id)!;
}

/**
 * An open invoice voided (POST /v1/invoices/{id}/void, or its pending
 * update expiring): nothing is to be paid any more, its payment intent is
 * canceled. Anything but an open invoice is refused.
 */
export function voidInvoice(state: StripeState, invoice: StripeObject): StripeObject {
  if (invoice.status !== "open") {
    throw refused(
      `You can only void an open invoice; this one is ${invoice.status as string} (the local Stripe's wording).`,
    );
  }
  invoice.status = "void";
  (invoice.status_transitions as { voided_at: number | null }).voided_at = state.now();
  for (const payment of (invoice.payments as { data: Array<{ status: string }> }).data) payment.status = "canceled";
  const paymentIntent = paymentIntentOf(state, invoice);
  if (paymentIntent) cancelPaymentIntent(state, paymentIntent, "void_invoice");
  return invoice;
}

/** The open invoice's payment went through: paid now. */
export function markInvoicePaid(state: StripeState, invoice: StripeObject) {
  Object.assign(invoice, { status: "paid", amount_paid: invoice.amount_due, amount_remaining: 0 });
  (invoice.status_transitions as { paid_at: number | null }).paid_at = state.now();
  for (const payment of (invoice.payments as { data: Array<{ status: string }> }).data) payment.status = "paid";
}

/** The event an invoice's charge makes: paid, asking for authentication, or failed. */
export function invoiceEvent(state: StripeState, invoice: StripeObject) {
  if (invoice.status === "paid") return "invoice.paid";
  return paymentIntentOf(state, invoice)?.status === "requires_action"
    ? "invoice.payment_action_required"
    : "invoice.payment_failed";
}
