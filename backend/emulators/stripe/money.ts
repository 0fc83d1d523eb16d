/** Amounts as Stripe writes them (its pages, its messages): the currency's symbol or code, two decimals. */
export function formatAmount(minorUnits: number, currency: string) {
  return new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(
    minorUnits / 100,
  );
}
