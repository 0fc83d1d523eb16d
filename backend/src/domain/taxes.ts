import type { Currency } from "./enums";

/**
 * Standard VAT rates of the EU member states, in percent (2026). A purchase
 * from one of them is in euros and carries that rate (001 §9: "Tax is shown
 * when the currency is EUR").
 */
const EU_VAT_RATES: Readonly<Record<string, number>> = {
  AT: 20,
  BE: 21,
  BG: 20,
  CY: 19,
  CZ: 21,
  DE: 19,
  DK: 25,
  EE: 24,
  ES: 21,
  FI: 25.5,
  FR: 20,
  GR: 24,
  HR: 25,
  HU: 27,
  IE: 23,
  IT: 22,
  LT: 21,
  LU: 17,
  LV: 21,
  MT: 18,
  NL: 21,
  PL: 23,
  PT: 23,
  RO: 21,
  SE: 25,
  SI: 22,
  SK: 23,
};

export function isEuCountry(country: string): boolean {
  return country in EU_VAT_RATES;
}

/** The currency a buyer from `country` (ISO 3166 alpha-2) pays in: the EU's in EUR, India's in INR, others in USD. */
export function currencyForCountry(country: string): Currency {
  if (isEuCountry(country)) return "EUR";
  return country === "IN" ? "INR" : "USD";
}

/** The tax rate of a purchase, in percent: the country's VAT for euros, none otherwise. */
export function taxRateFor(currency: Currency, country: string): number {
  return currency === "EUR" ? (EU_VAT_RATES[country] ?? 0) : 0;
}
