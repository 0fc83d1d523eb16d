/** What Stripe's test cards do (https://docs.stripe.com/testing), for the ones the hosted pages take. */
export type CardOutcome = "succeeds" | "declined" | "authenticate" | "invalid";

const TEST_CARDS: Record<string, CardOutcome> = {
  "4242424242424242": "succeeds",
  "4000000000000341": "declined",
  "4000002760003184": "authenticate",
};

export function cardOutcome(number: string): CardOutcome {
  return TEST_CARDS[number.replace(/[\s-]/g, "")] ?? "invalid";
}

/** Stripe's own messages: on its pages, and in the API's errors (`last_payment_error`). */
export const cardMessages = {
  declined: "Your card was declined.",
  invalid: "Your card number is invalid.",
  authenticationFailed:
    "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
  closed: "This Checkout Session is no longer active.",
  /** A payment intent's `last_payment_error` once its authentication failed (the pages say `authenticationFailed`). */
  authenticationFailedApi:
    "The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.",
} as const;
