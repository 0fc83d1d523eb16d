/** The currencies the product sells in (001 §9); amounts travel in their minor unit (cents, paise), as in Stripe. */
export const CURRENCIES = ["USD", "EUR", "INR"] as const;
export type Currency = (typeof CURRENCIES)[number];

const SYMBOLS: Record<Currency, string> = { USD: "$", EUR: "€", INR: "₹" };

/** By the number of decimals shown; made once, as prices fill whole tables. */
const amountFormats = {
  0: new Intl.NumberFormat("en-US", { minimumFractionDigits: 0, maximumFractionDigits: 0 }),
  2: new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
};

/**
 * 001 §9: the symbol before the amount and two decimals ("$12.50"); plan
 * cards drop the decimals of a whole amount ("$5"). Thousands are grouped
 * ("$1,200.00").
 */
export function formatMoney(minorUnits: number, currency: string, { plain = false }: { plain?: boolean } = {}) {
  const amount = Math.round(minorUnits) / 100;
  const whole = Number.isInteger(amount);
  const digits = plain && whole ? 0 : 2;
  const number = amountFormats[digits].format(Math.abs(amount));
  const symbol = SYMBOLS[currency.toUpperCase() as Currency] ?? `${currency.toUpperCase()} `;
  return `${amount < 0 ? "-" : ""}${symbol}${number}`;
}
