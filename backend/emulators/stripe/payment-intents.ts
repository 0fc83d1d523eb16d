import { cardMessages, type CardOutcome } from "./cards";
import { createCharge } from "./charges";
import { newId, update, type PaymentIntent, type PaymentMethod } from "./objects";
import type { StripeState } from "./state";

/** A payment attempt: the card (a payment method of the customer) and what charging it does. */
export interface Attempt {
  paymentMethod: PaymentMethod;
  outcome: CardOutcome;
}

/** A payment intent to take an amount from a customer (an invoice's), not attempted yet. */
export function createPaymentIntent(
  state: StripeState,
  payment: { amount: number; currency: string; customer: string; description: string },
): PaymentIntent {
  const id = newId("pi");
  return state.add("payment_intent", {
    id,
    object: "payment_intent",
    allowed_payment_method_types: null,
    amount: payment.amount,
    amount_capturable: 0,
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: "automatic",
    client_secret: `${id}_secret_${newId("s").slice(2)}`,
    confirmation_method: "automatic",
    created: state.now(),
    currency: payment.currency,
    customer: payment.customer,
    customer_account: null,
    description: payment.description,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata: {},
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: {
      card: { installments: null, mandate_options: null, network: null, request_three_d_secure: "automatic" },
    },
    payment_method_types: ["card"],
    payment_record: null,
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: "requires_payment_method",
    transfer_group: null,
  });
}

/** Succeeded: the charge taken, nothing left to do. */
function succeed(state: StripeState, paymentIntent: PaymentIntent, paymentMethod: PaymentMethod) {
  update(paymentIntent, {
    status: "succeeded",
    amount_received: paymentIntent.amount,
    payment_method: paymentMethod.id,
    last_payment_error: null,
    next_action: null,
  });
  createCharge(state, paymentIntent, paymentMethod, null);
}

/** Declined by the bank: a failed charge, and the payment intent waiting for another card. */
function decline(state: StripeState, paymentIntent: PaymentIntent, paymentMethod: PaymentMethod) {
  const charge = createCharge(state, paymentIntent, paymentMethod, {
    code: "card_declined",
    message: cardMessages.declined,
  });
  update(paymentIntent, {
    status: "requires_payment_method",
    payment_method: null,
    next_action: null,
    last_payment_error: {
      charge: charge.id,
      code: "card_declined",
      decline_code: "generic_decline",
      doc_url: "https://stripe.com/docs/error-codes/card-declined",
      message: cardMessages.declined,
      payment_method: paymentMethod,
      type: "card_error",
    },
  });
}

/**
 * Charges the card of the attempt: the payment succeeds (a charge, the
 * payment intent's `latest_charge`), asks for authentication
 * (`requires_action` with the card kept and `nextAction`, by default what
 * Stripe answers when nobody is there to redirect: `use_stripe_sdk`), or is
 * declined (a failed charge, `requires_payment_method` with
 * `last_payment_error`).
 */
export function attemptPayment(
  state: StripeState,
  paymentIntent: PaymentIntent,
  { paymentMethod, outcome }: Attempt,
  nextAction: NonNullable<PaymentIntent["next_action"]> = {
    type: "use_stripe_sdk",
    use_stripe_sdk: { type: "three_d_secure_redirect" },
  },
) {
  if (outcome === "succeeds") return succeed(state, paymentIntent, paymentMethod);
  if (outcome !== "authenticate") return decline(state, paymentIntent, paymentMethod);
  update(paymentIntent, {
    status: "requires_action",
    payment_method: paymentMethod.id,
    last_payment_error: null,
    next_action: nextAction,
  });
}

/** The customer completed the authentication its card asked for: the payment goes through. */
export function completeAuthentication(state: StripeState, paymentIntent: PaymentIntent) {
  succeed(state, paymentIntent, state.get("payment_method", paymentIntent.payment_method!));
}

/** Nothing more is to be paid through it (its invoice was voided). */
export function cancelPaymentIntent(state: StripeState, paymentIntent: PaymentIntent, reason: string) {
  update(paymentIntent, {
    status: "canceled",
    canceled_at: state.now(),
    cancellation_reason: reason,
    next_action: null,
  });
}

/** The customer failed (or gave up) the authentication: the payment intent waits for another attempt. */
export function failAuthentication(state: StripeState, paymentIntent: PaymentIntent) {
  update(paymentIntent, {
    status: "requires_payment_method",
    next_action: null,
    last_payment_error: {
      code: "payment_intent_authentication_failure",
      doc_url: "https://stripe.com/docs/error-codes/payment-intent-authentication-failure",
      message: cardMessages.authenticationFailedApi,
      payment_method: state.get("payment_method", paymentIntent.payment_method!),
      type: "invalid_request_error",
    },
    payment_method: null,
  });
}
