import { StripeError, invalid, notEmulated, refused, required } from "./errors";
import { metadataOf, text, type FormObject } from "./form";
import { formatAmount } from "./money";
import { newId, type Charge, type PaymentIntent, type PaymentMethod, type Refund } from "./objects";
import type { StripeState } from "./state";

/** Why a charge failed, as its `failure_code` and `failure_message` say. */
export interface ChargeFailure {
  code: string;
  message: string;
}

/** What Stripe's card network answered: approved, or declined without more detail. */
const outcomeOf = (failure: ChargeFailure | null) =>
  failure
    ? {
        advice_code: null,
        network_advice_code: null,
        network_decline_code: null,
        network_status: "declined_by_network",
        reason: "generic_decline",
        risk_level: "normal",
        seller_message: "The bank did not return any further details with this decline.",
        type: "issuer_declined",
      }
    : {
        advice_code: null,
        network_advice_code: null,
        network_decline_code: null,
        network_status: "approved_by_network",
        reason: null,
        risk_level: "normal",
        seller_message: "Payment complete.",
        type: "authorized",
      };

/**
 * The charge of a payment intent's attempt on a card: succeeded (captured
 * at once, as an invoice's payment is), or failed with the card's reason.
 * It becomes the payment intent's `latest_charge`.
 */
export function createCharge(
  state: StripeState,
  paymentIntent: PaymentIntent,
  paymentMethod: PaymentMethod,
  failure: ChargeFailure | null,
): Charge {
  const succeeded = failure === null;
  const card = paymentMethod.card!;
  const charge = state.add("charge", {
    id: newId("ch"),
    object: "charge",
    amount: paymentIntent.amount,
    amount_captured: succeeded ? paymentIntent.amount : 0,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: null,
    billing_details: { address: null, email: null, name: null, phone: null, tax_id: null },
    calculated_statement_descriptor: null,
    captured: succeeded,
    created: state.now(),
    currency: paymentIntent.currency,
    customer: paymentIntent.customer,
    description: paymentIntent.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: failure?.code ?? null,
    failure_message: failure?.message ?? null,
    fraud_details: {},
    livemode: false,
    metadata: {},
    on_behalf_of: null,
    outcome: outcomeOf(failure),
    paid: succeeded,
    payment_intent: paymentIntent.id,
    payment_method: paymentMethod.id,
    payment_method_details: {
      card: {
        amount_authorized: succeeded ? paymentIntent.amount : null,
        authorization_code: null,
        brand: card.brand,
        checks: card.checks,
        country: card.country,
        electronic_commerce_indicator: null,
        exp_month: card.exp_month,
        exp_year: card.exp_year,
        funding: card.funding,
        installments: null,
        last4: card.last4,
        mandate: null,
        network: "visa",
        network_token: null,
        network_transaction_id: null,
        regulated_status: card.regulated_status,
        three_d_secure: null,
        transaction_link_id: null,
        wallet: null,
      },
      type: "card",
    },
    receipt_email: null,
    receipt_number: null,
    receipt_url: null,
    refunded: false,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: succeeded ? "succeeded" : "failed",
    transfer_data: null,
    transfer_group: null,
  });
  paymentIntent.latest_charge = charge.id;
  return charge;
}

const REFUND_REASONS = ["duplicate", "fraudulent", "requested_by_customer"];
const REFUND_PARAMS = ["amount", "charge", "expand", "metadata", "payment_intent", "reason"];

/** The succeeded charge a refund request names (by `charge`, or its `payment_intent`'s latest), or Stripe's refusal. */
function refundedCharge(state: StripeState, params: FormObject): Charge {
  const chargeId = text(params.charge);
  const paymentIntentId = text(params.payment_intent);
  if (!chargeId && !paymentIntentId) throw required("charge");
  const named = chargeId ? state.get("charge", chargeId, "charge") : null;
  const paymentIntent = paymentIntentId
    ? state.get("payment_intent", paymentIntentId, "payment_intent")
    : state.get("payment_intent", named!.payment_intent!);
  if (named && named.payment_intent !== paymentIntent.id) {
    throw invalid(`Charge ${named.id} does not belong to PaymentIntent ${paymentIntent.id}.`, "charge");
  }
  const charge =
    named ?? (paymentIntent.latest_charge ? state.get("charge", paymentIntent.latest_charge) : null);
  if (charge?.status !== "succeeded") {
    throw refused(
      `This PaymentIntent (${paymentIntent.id}) does not have a successful charge to refund.`,
      named ? "charge" : "payment_intent",
    );
  }
  return charge;
}

/**
 * A refund of a succeeded charge (POST /v1/refunds): all that is left of
 * it, or `amount` of it; succeeded at once, as a card refund in test mode.
 * The charge's `amount_refunded` (and `refunded`, once all is given back)
 * follow. Refused as Stripe refuses: a charge already refunded in full
 * (`charge_already_refunded`), more than is left, a payment that did not
 * go through.
 */
export function createRefund(state: StripeState, params: FormObject): { refund: Refund; charge: Charge } {
  const unemulated = Object.keys(params).find((param) => !REFUND_PARAMS.includes(param));
  if (unemulated) throw notEmulated(unemulated);
  const reason = text(params.reason) ?? null;
  if (reason !== null && !REFUND_REASONS.includes(reason)) throw invalid("Invalid reason.", "reason");
  const charge = refundedCharge(state, params);
  const left = charge.amount - charge.amount_refunded;
  if (left === 0) {
    throw new StripeError(
      400,
      "invalid_request_error",
      `Charge ${charge.id} has already been refunded.`,
      "charge_already_refunded",
    );
  }
  const amount = params.amount === undefined ? left : Number(text(params.amount));
  if (!Number.isInteger(amount) || amount < 1) {
    throw invalid("Invalid positive integer", "amount", "parameter_invalid_integer");
  }
  if (amount > left) {
    const { currency } = charge;
    throw refused(
      `Refund amount (${formatAmount(amount, currency)}) is greater than unrefunded amount on charge (${formatAmount(left, currency)})`,
      "amount",
    );
  }
  const refund = state.add("refund", {
    id: newId("re"),
    object: "refund",
    amount,
    balance_transaction: null,
    charge: charge.id,
    created: state.now(),
    currency: charge.currency,
    customer: charge.customer,
    customer_account: null,
    metadata: metadataOf(params.metadata),
    payment_intent: charge.payment_intent,
    payment_method: charge.payment_method,
    reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: "succeeded",
    transfer_reversal: null,
  });
  charge.amount_refunded += amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  return { refund, charge };
}

/** A charge's refunds, newest first (its `refunds` list, answered when expanded). */
export const refundsOf = (state: StripeState, chargeId: string) =>
  [...state.refunds.values()].filter((refund) => refund.charge === chargeId).reverse();
