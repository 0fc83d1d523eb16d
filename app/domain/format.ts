/** Counts use German number formatting (002 §9): 1.234.567. */
export function formatCount(value: number) {
  return new Intl.NumberFormat("de-DE").format(value);
}
