/** Made once: a list formats several counts on every row. */
const countFormat = new Intl.NumberFormat("de-DE");

/** Counts use German number formatting (002 §9): 1.234.567. */
export function formatCount(value: number) {
  return countFormat.format(value);
}
