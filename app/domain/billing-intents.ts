/** The forms of the billing page, told apart by their intent (the shell's payment alert posts the portal and confirm-payment ones). */
export const BILLING_INTENTS = {
  portal: "portal",
  confirmPayment: "confirm-payment",
  cancelIntervalChange: "cancel-interval-change",
} as const;
