import { cardMessages } from "./cards";
import { StripeError, invalid, notEmulated } from "./errors";
import { text, type FormObject } from "./form";
import { invoiceOfPaymentIntent } from "./invoices";
import { newId, type PaymentIntent, type PaymentMethod } from "./objects";
import { attemptPayment, completeAuthentication, failAuthentication } from "./payment-intents";
import { reportUnpaid, settleInvoice } from "./payments";
import type { StripeState } from "./state";
import type { Emit } from "./webhooks";

const CONFIRM_PARAMS = ["expand", "payment_method", "return_url"];
const CONFIRMABLE = ["requires_payment_method", "requires_confirmation", "requires_action"];

const unexpectedState = (message: string) =>
  new StripeError(400, "invalid_request_error", message, "payment_intent_unexpected_state");

/** Refuses, as Stripe does, to confirm a payment intent that is not waiting for a payment. */
function checkConfirmable(paymentIntent: PaymentIntent) {
  if (paymentIntent.status === "succeeded") {
    throw unexpectedState(
      "You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.",
    );
  }
  if (!CONFIRMABLE.includes(paymentIntent.status)) {
    throw unexpectedState(
      `You cannot confirm this PaymentIntent because it has a status of ${paymentIntent.status}. Only a PaymentIntent with one of the following statuses may be confirmed: requires_confirmation, requires_payment_method, requires_action.`,
    );
  }
}

/** The card to charge: the one given (the customer's), else the one the payment intent holds, else the customer's default. */
function cardFor(state: StripeState, paymentIntent: PaymentIntent, params: FormObject): PaymentMethod {
  const customer = paymentIntent.customer!;
  const given = text(params.payment_method);
  if (given) {
    const card = state.get("payment_method", given, "payment_method");
    if (card.customer !== customer) {
      throw invalid(`The PaymentMethod ${given} does not belong to the customer ${customer}.`, "payment_method");
    }
    return card;
  }
  const held = paymentIntent.payment_method;
  const card = held ? state.get("payment_method", held) : state.defaultCard(customer);
  if (!card) {
    throw unexpectedState(
      `You cannot confirm this PaymentIntent because it's missing a payment method. To confirm the PaymentIntent with ${customer}, specify a payment method attached to this customer along with the customer ID.`,
    );
  }
  return card;
}

/** `return_url`: where the browser comes back after authenticating; an absolute http(s) URL. */
function returnUrlOf(params: FormObject): string | null {
  const value = text(params.return_url);
  if (value === undefined) return null;
  const url = URL.canParse(value) ? new URL(value) : null;
  if (url?.protocol !== "http:" && url?.protocol !== "https:") throw invalid("Not a valid URL", "return_url");
  return value;
}

/** The next action of a payment asking for authentication, with a page to send the browser to. */
function redirectTo(
  state: StripeState,
  paymentIntent: PaymentIntent,
  returnUrl: string,
): PaymentIntent["next_action"] & object {
  const id = newId("payatt");
  state.authentications.set(id, { paymentIntent: paymentIntent.id, returnUrl });
  return {
    type: "redirect_to_url",
    redirect_to_url: { url: `${state.publicUrl}/3d_secure/${id}`, return_url: returnUrl },
  };
}

/**
 * Confirms an invoice's payment intent (POST /v1/payment_intents/{id}/confirm):
 * its card is charged and decides. Succeeded: the invoice is paid (its
 * pending update applied, see settleInvoice). Asking for authentication:
 * `requires_action`, and with a `return_url` a `redirect_to_url` next
 * action to the hosted authentication page (without one, `use_stripe_sdk`,
 * which nothing here follows). Declined: Stripe's 402 card error, the
 * payment intent left `requires_payment_method` with `last_payment_error`.
 */
export function confirmPaymentIntent(
  state: StripeState,
  paymentIntent: PaymentIntent,
  params: FormObject,
  emit: Emit,
): PaymentIntent {
  const unemulated = Object.keys(params).find((param) => !CONFIRM_PARAMS.includes(param));
  if (unemulated) throw notEmulated(unemulated);
  checkConfirmable(paymentIntent);
  const card = cardFor(state, paymentIntent, params);
  const returnUrl = returnUrlOf(params);
  const outcome = state.cardOutcomeOf(card);
  const nextAction = returnUrl && outcome === "authenticate" ? redirectTo(state, paymentIntent, returnUrl) : undefined;
  attemptPayment(state, paymentIntent, { paymentMethod: card, outcome }, nextAction);
  const invoice = invoiceOfPaymentIntent(state, paymentIntent);
  if (paymentIntent.status === "succeeded") {
    settleInvoice(state, invoice, emit);
    return paymentIntent;
  }
  reportUnpaid(state, invoice, emit);
  if (paymentIntent.status === "requires_action") return paymentIntent;
  const error = paymentIntent.last_payment_error!;
  throw new StripeError(402, "card_error", cardMessages.declined, "card_declined", undefined, {
    charge: error.charge,
    decline_code: error.decline_code,
    doc_url: error.doc_url,
    payment_intent: structuredClone(paymentIntent),
    payment_method: card,
  });
}

/**
 * The hosted authentication page's payment intent while it still asks for
 * this page's authentication; null once it was used (or superseded by
 * another confirmation), with where to send the customer back.
 */
export function authenticationOf(state: StripeState, id: string) {
  const page = state.authentications.get(id);
  if (!page) return undefined;
  const paymentIntent = state.get("payment_intent", page.paymentIntent);
  const nextAction = paymentIntent.next_action;
  const waiting =
    paymentIntent.status === "requires_action" &&
    nextAction?.redirect_to_url?.url?.endsWith(`/3d_secure/${id}`) === true;
  return { returnUrl: page.returnUrl, paymentIntent: waiting ? paymentIntent : null };
}

/**
 * The customer completed (or failed) the authentication on the hosted
 * page: the payment succeeds and the invoice is paid, or the payment
 * intent waits for another card (`payment_intent_authentication_failure`,
 * `invoice.payment_failed`). Answers where the browser goes: the return
 * URL with Stripe's `payment_intent`, `payment_intent_client_secret` and
 * `redirect_status`.
 */
export function authenticate(
  state: StripeState,
  paymentIntent: PaymentIntent,
  returnUrl: string,
  completed: boolean,
  emit: Emit,
): string {
  const invoice = invoiceOfPaymentIntent(state, paymentIntent);
  if (completed) {
    completeAuthentication(state, paymentIntent);
    settleInvoice(state, invoice, emit);
  } else {
    failAuthentication(state, paymentIntent);
    reportUnpaid(state, invoice, emit);
  }
  const back = new URL(returnUrl);
  back.searchParams.set("payment_intent", paymentIntent.id);
  back.searchParams.set("payment_intent_client_secret", paymentIntent.client_secret!);
  back.searchParams.set("redirect_status", completed ? "succeeded" : "failed");
  return back.toString();
}
