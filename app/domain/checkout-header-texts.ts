/**
 * The checkout header's texts (001 §2), on every step of every checkout and
 * on the legacy users step: apart from the steps' own catalogues, which each
 * step loads only where it shows them.
 */
export const checkoutHeaderTexts = {
  back: "Back",
  /** Written for this app: the step list's name for screen readers. */
  stepsLabel: "Checkout steps",
} as const;
