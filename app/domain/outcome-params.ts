import { BANNER_PARAMS, BANNER_SIGNATURE_PARAM, OUTCOME_EXPIRY_PARAM } from "./banner-params";
import { BILLING_QUERY } from "./billing-query";
import { recipientParams } from "./recipients";
import { CANCEL_PARAM } from "./scheduled-merges";

/**
 * Every query parameter that states the outcome of a write (issue 34): the
 * shell's banners, a checkout's result on billing, a cancelled scheduled
 * merge, a recipient list's feedback. A URL holding one of the first kind
 * reports an outcome; the signature covers them all, so that none of them
 * can be changed, added or taken from another link.
 */
export const OUTCOME_MARKERS = ["banner", BILLING_QUERY.checkout, CANCEL_PARAM, recipientParams.result] as const;

export const OUTCOME_PARAMS = [
  ...BANNER_PARAMS.filter((key) => key !== BANNER_SIGNATURE_PARAM && key !== OUTCOME_EXPIRY_PARAM),
  BILLING_QUERY.checkout,
  BILLING_QUERY.success,
  BILLING_QUERY.seats,
  BILLING_QUERY.from,
  BILLING_QUERY.to,
  BILLING_QUERY.fromInterval,
  BILLING_QUERY.toInterval,
  BILLING_QUERY.workspaceSeats,
  BILLING_QUERY.gmailSeats,
  BILLING_QUERY.workspaceUsers,
  BILLING_QUERY.gmailUsers,
  CANCEL_PARAM,
  recipientParams.result,
  recipientParams.count,
] as const;

export const reportsOutcome = (searchParams: URLSearchParams) => OUTCOME_MARKERS.some((key) => searchParams.has(key));

/** The same query without any outcome, signature or expiry: what an outcome nobody vouches for leaves. */
export function withoutOutcome(searchParams: URLSearchParams) {
  const rest = new URLSearchParams(searchParams);
  for (const key of [...OUTCOME_PARAMS, BANNER_SIGNATURE_PARAM, OUTCOME_EXPIRY_PARAM]) rest.delete(key);
  return rest;
}
