import type { BillingInterval, Currency, UserPlan } from "./enums";
import { couponForSeats } from "./seat-coupons";

/**
 * The arithmetic of a quote (001 §3 Payment info): amounts in the currency's
 * minor unit, each line rounded to a whole unit once its coupon is applied,
 * tax added on the total.
 */

const DAY_MS = 86_400_000;

/** Seats of one payment plan at its price per cycle. */
export interface PricedLine {
  paymentPlanId: string;
  userPlan: UserPlan;
  quantity: number;
  unitAmount: number;
}

/** A line's amount for one cycle, coupon applied, before tax. */
export function lineAmount(line: Pick<PricedLine, "quantity" | "unitAmount">, percentOff: number): number {
  return Math.round((line.unitAmount * line.quantity * (100 - percentOff)) / 100);
}

/** The amount of a cycle of these lines, coupon applied, before tax. */
export function cycleAmount(lines: readonly Pick<PricedLine, "quantity" | "unitAmount">[], percentOff: number): number {
  return lines.reduce((sum, line) => sum + lineAmount(line, percentOff), 0);
}

export function withTax(amount: number, taxRatePercent: number): number {
  return amount + Math.round((amount * taxRatePercent) / 100);
}

/** The seats the coupon is chosen by: every seat plan counts. */
export function seatTotal(lines: readonly Pick<PricedLine, "quantity">[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** `from` moved by whole cycles (calendar months, UTC): where a cycle starting at `from` ends, by default. */
export function addBillingInterval(from: number, interval: BillingInterval, cycles = 1): number {
  const date = new Date(from);
  date.setUTCMonth(date.getUTCMonth() + (interval === "YEARLY" ? 12 : 1) * cycles);
  return date.getTime();
}

/** What is left of a period at `now`: its fraction (what a change made now is prorated over) and whole days. */
export function periodLeft(period: { startTimestamp: number; endTimestamp: number }, now: number) {
  const left = Math.max(0, period.endTimestamp - now);
  return {
    fractionLeft: Math.min(1, left / Math.max(1, period.endTimestamp - period.startTimestamp)),
    days: Math.ceil(left / DAY_MS),
  };
}

export interface QuotedLine extends PricedLine {
  /** This line for a full cycle, coupon applied, before tax. */
  totalAmount: number;
}

export interface Quote {
  currency: Currency;
  taxRate: number;
  /** Days left in the current period (the added seats are charged for these); null for a purchase or no charge now. */
  proratedDays: number | null;
  chargedToday: number;
  /** The next full cycle for these totals, coupon and tax included. */
  totalAmount: number;
  totalBeforeTax: number;
  /** The current cycle's amount, coupon and tax included; 0 without a subscription. */
  currentAmount: number;
  currentBillingInterval: BillingInterval | null;
  targetBillingInterval: BillingInterval;
  nextPaymentTimestamp: number;
  couponId: string | null;
  couponPercentOff: number | null;
  lines: QuotedLine[];
}

interface QuoteTerms {
  /** The wanted totals, priced in the target interval and currency. */
  lines: PricedLine[];
  currency: Currency;
  taxRate: number;
  billingInterval: BillingInterval;
  now: number;
}

/** The next full cycle of the wanted totals, with the coupon of their seat total. */
function nextCycle({ lines, taxRate }: QuoteTerms) {
  const coupon = couponForSeats(seatTotal(lines));
  const percentOff = coupon?.percentOff ?? 0;
  const quoted = lines.map((line) => ({ ...line, totalAmount: lineAmount(line, percentOff) }));
  const totalBeforeTax = quoted.reduce((sum, line) => sum + line.totalAmount, 0);
  return {
    coupon,
    percentOff,
    quoted,
    totalBeforeTax,
    totalAmount: withTax(totalBeforeTax, taxRate),
  };
}

/** A purchase: the first cycle is charged today, and the next one a cycle later. */
export function quotePurchase(terms: QuoteTerms): Quote {
  const cycle = nextCycle(terms);
  return {
    currency: terms.currency,
    taxRate: terms.taxRate,
    proratedDays: null,
    chargedToday: cycle.totalAmount,
    totalAmount: cycle.totalAmount,
    totalBeforeTax: cycle.totalBeforeTax,
    currentAmount: 0,
    currentBillingInterval: null,
    targetBillingInterval: terms.billingInterval,
    nextPaymentTimestamp: addBillingInterval(terms.now, terms.billingInterval),
    couponId: cycle.coupon?.id ?? null,
    couponPercentOff: cycle.coupon?.percentOff ?? null,
    lines: cycle.quoted,
  };
}

/** What a subscription holds now, for pricing a change to it. */
export interface CurrentCycle {
  lines: PricedLine[];
  couponPercentOff: number;
  billingInterval: BillingInterval;
  startTimestamp: number;
  endTimestamp: number;
}

/**
 * Moving a subscription to the wanted totals. With `prorate`, the seats
 * added on top of the current ones are charged today for what is left of
 * the period, at the coupon of the new total and the subscription's tax
 * rate; without, nothing is charged before the renewal (a removal, or a
 * preview of the next cycle).
 */
export function quoteChange(terms: QuoteTerms & { current: CurrentCycle; prorate: boolean }): Quote {
  const { current, now } = terms;
  const cycle = nextCycle(terms);
  const { fractionLeft, days } = periodLeft(current, now);
  const added = terms.lines.map((line) => {
    const held = current.lines.find((currentLine) => currentLine.userPlan === line.userPlan)?.quantity ?? 0;
    return { unitAmount: line.unitAmount, quantity: Math.max(0, line.quantity - held) };
  });
  const proratedBeforeTax = added.reduce(
    (sum, line) => sum + Math.round(lineAmount(line, cycle.percentOff) * fractionLeft),
    0,
  );
  return {
    currency: terms.currency,
    taxRate: terms.taxRate,
    proratedDays: terms.prorate ? days : null,
    chargedToday: terms.prorate ? withTax(proratedBeforeTax, terms.taxRate) : 0,
    totalAmount: cycle.totalAmount,
    totalBeforeTax: cycle.totalBeforeTax,
    currentAmount: withTax(cycleAmount(current.lines, current.couponPercentOff), terms.taxRate),
    currentBillingInterval: current.billingInterval,
    targetBillingInterval: terms.billingInterval,
    nextPaymentTimestamp: current.endTimestamp,
    couponId: cycle.coupon?.id ?? null,
    couponPercentOff: cycle.coupon?.percentOff ?? null,
    lines: cycle.quoted,
  };
}
