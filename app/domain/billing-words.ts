/**
 * What the billing page's and the checkout's catalogues share (001 §2, §9):
 * apart from both, so that a page loads only the catalogue it shows.
 */

/** 001 §2: said where the prices shown include taxes (a tax rate above 0). */
export const taxesIncluded = "All displayed prices include applicable taxes.";

export const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

export const planNames = {
  FREE: "Free",
  PRO: "Pro",
  PREMIUM: "Premium",
  LEGACY: "Legacy",
} as const;
