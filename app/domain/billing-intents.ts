/** The forms of the billing page, told apart by their intent (the shell's payment alert posts the portal and confirm-payment ones). */
export const BILLING_INTENTS = {
  portal: "portal",
  confirmPayment: "confirm-payment",
  cancelIntervalChange: "cancel-interval-change",
} as const;

/** The billing page's confirmation dialog is URL state: `?confirm=cancel-interval-change`. */
export const CONFIRM_PARAM = "confirm";
