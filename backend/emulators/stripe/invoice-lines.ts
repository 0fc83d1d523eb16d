import type Stripe from "stripe";
import { newId, type InvoiceLineItem, type Price, type TaxRate, type Wire } from "./objects";
import type { StripeState } from "./state";
import type { TaxAmount } from "./totals";

/** One line of a subscription's invoice: a subscription item over a period, or its proration. */
export interface InvoicedLine {
  subscriptionItem: string;
  price: Price;
  quantity: number;
  /** Before discount and tax. */
  amount: number;
  taxRates: TaxRate[];
  period: { start: number; end: number };
  proration: boolean;
}

/** Stripe's `total_taxes` / line `taxes` entry of a tax rate. */
export const taxEntry = (tax: TaxAmount): Wire<Stripe.Invoice.TotalTax> => ({
  amount: tax.amount,
  tax_behavior: tax.rate.inclusive ? "inclusive" : "exclusive",
  tax_rate_details: { tax_rate: tax.rate.id },
  taxability_reason: "standard_rated",
  taxable_amount: tax.taxableAmount,
  type: "tax_rate_details",
});

/** Stripe's `discount_amounts`: what the discount (if any) took off. */
export const discountAmounts = (discount: string | null, amount: number) => (discount ? [{ amount, discount }] : []);

/** The same, as `pretax_credit_amounts` list them. */
export const pretaxCredits = (discount: string | null, amount: number) =>
  discountAmounts(discount, amount).map((credit) => ({ ...credit, type: "discount" as const }));

/** How Stripe names a proration line: the time left on what is added, or the unused time of what is given up. */
const prorationWording = (line: InvoicedLine) => {
  if (!line.proration) return "";
  return line.amount < 0 ? "Unused time on " : "Remaining time on ";
};

/** An invoice's line for a subscription item, with its share of the discount and its taxes. */
export function invoiceLine(
  state: StripeState,
  invoice: { id: string; currency: string; subscription: string; discount: string | null },
  line: InvoicedLine,
  priced: { discount: number; taxes: TaxAmount[] },
): InvoiceLineItem {
  const product = state.get("product", line.price.product);
  return {
    id: newId("il"),
    object: "line_item",
    amount: line.amount,
    currency: invoice.currency,
    description: `${prorationWording(line)}${line.quantity} × ${product.name}`,
    discount_amounts: discountAmounts(invoice.discount, priced.discount),
    discountable: true,
    discounts: [],
    invoice: invoice.id,
    livemode: false,
    metadata: {},
    parent: {
      type: "subscription_item_details",
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: null,
        proration: line.proration,
        proration_details: { credited_items: null },
        subscription: invoice.subscription,
        subscription_item: line.subscriptionItem,
      },
    },
    period: line.period,
    pretax_credit_amounts: pretaxCredits(invoice.discount, priced.discount),
    pricing: {
      price_details: { price: line.price.id, product: product.id },
      type: "price_details",
      unit_amount_decimal: String(line.price.unit_amount),
    },
    quantity: line.quantity,
    quantity_decimal: String(line.quantity),
    subscription: invoice.subscription,
    subtotal: line.amount,
    taxes: priced.taxes.map(taxEntry),
  };
}
