/** The forms of the billing page, told apart by their intent (the shell's payment alert posts the portal one). */
export const BILLING_INTENTS = {
  portal: "portal",
  cancelIntervalChange: "cancel-interval-change",
} as const;
