import type { TaxRate } from "./objects";

/** What computing a tax takes of its rate. */
type Rate = Pick<TaxRate, "id" | "inclusive" | "percentage">;

/** One line to be charged: its amount before any discount, and the tax rates that apply to it. */
export interface ChargedLine {
  amount: number;
  taxRates: Rate[];
}

export interface TaxAmount {
  rate: Rate;
  amount: number;
  /** What the tax was computed on (for an inclusive rate: the amount without the tax in it). */
  taxableAmount: number;
}

export interface Totals {
  subtotal: number;
  discount: number;
  /** Every tax, inclusive ones too. */
  tax: number;
  totalExcludingTax: number;
  total: number;
  /** Per line: its share of the discount and its taxes. */
  lines: Array<{ discount: number; taxes: TaxAmount[] }>;
  /** Per tax rate, over all lines. */
  taxes: TaxAmount[];
}

/**
 * Amounts as Stripe computes them: a percentage coupon off the subtotal
 * (each line bears its share), then each line's tax rates on what is left of
 * it, exclusive ones added to the total; rounded to integers (minor units).
 */
export function totalsOf(lines: ChargedLine[], percentOff: number | null): Totals {
  const rate = (percentOff ?? 0) / 100;
  let charged = 0;
  const priced = lines.map((line) => {
    // Rounding the running sum, not each share, makes the shares add up to the rounded whole.
    const discount = Math.round((charged + line.amount) * rate) - Math.round(charged * rate);
    charged += line.amount;
    const taxable = line.amount - discount;
    const taxes = line.taxRates.map((taxRate) => {
      const percentage = taxRate.percentage;
      if (!taxRate.inclusive)
        return { rate: taxRate, amount: Math.round((taxable * percentage) / 100), taxableAmount: taxable };
      const amount = Math.round((taxable * percentage) / (100 + percentage));
      return { rate: taxRate, amount, taxableAmount: taxable - amount };
    });
    return { discount, taxes };
  });
  const allTaxes = priced.flatMap((line) => line.taxes);
  const sum = (amounts: number[]) => amounts.reduce((total, amount) => total + amount, 0);
  const exclusiveTax = sum(allTaxes.filter((tax) => !tax.rate.inclusive).map((tax) => tax.amount));
  const inclusiveTax = sum(allTaxes.filter((tax) => tax.rate.inclusive).map((tax) => tax.amount));
  const subtotal = sum(lines.map((line) => line.amount));
  const discount = sum(priced.map((line) => line.discount));
  const byRate = new Map<string, TaxAmount>();
  for (const tax of allTaxes) {
    const seen = byRate.get(tax.rate.id);
    byRate.set(
      tax.rate.id,
      seen ? { ...seen, amount: seen.amount + tax.amount, taxableAmount: seen.taxableAmount + tax.taxableAmount } : tax,
    );
  }
  return {
    subtotal,
    discount,
    tax: exclusiveTax + inclusiveTax,
    totalExcludingTax: subtotal - discount - inclusiveTax,
    total: subtotal - discount + exclusiveTax,
    lines: priced,
    taxes: [...byRate.values()],
  };
}
