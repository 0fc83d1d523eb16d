import { BILLING_FLAGS, type BillingFlag } from "./billing-texts";

/**
 * The billing page's query (001 §2, §4): where a checkout comes back to
 * (`checkout=success` and what changed), the two redirect flags, and
 * `show-plans`. Stripe brings the person back to these URLs, and anyone can
 * type them: the page shows a banner only for a consistent query and shows
 * what the backend holds, never what the query claims.
 */
export const BILLING_QUERY = {
  checkout: "checkout",
  success: "success",
  from: "from",
  to: "to",
  fromInterval: "fromInterval",
  toInterval: "toInterval",
  workspaceSeats: "workspaceSeats",
  gmailSeats: "gmailSeats",
  seats: "seats",
  workspaceUsers: "workspaceUsers",
  gmailUsers: "gmailUsers",
  showPlans: "show-plans",
  changeBillingCycle: "change-billing-cycle",
  plan: "plan",
  interval: "interval",
  /** The Checkout Session's id, which Stripe writes into the success URL in place of CHECKOUT_SESSION_TEMPLATE. */
  sessionId: "session_id",
} as const;

/** Stripe's template for the Checkout Session's id in a success URL (written as is, braces unescaped). */
export const CHECKOUT_SESSION_TEMPLATE = "{CHECKOUT_SESSION_ID}";

/** The Checkout Session a purchase came back from (a `cs_…` id), or null. Anyone can type it: the backend checks it. */
export function checkoutSessionId(query: URLSearchParams): string | null {
  const id = query.get(BILLING_QUERY.sessionId);
  return id !== null && /^cs_[A-Za-z0-9_]{1,250}$/.test(id) ? id : null;
}

/** The kinds of `success` a checkout step sets (the rest is told by `from`/`to`). */
export const SUCCESS_KINDS = { seatsAdded: "seats-added", seatsRemoved: "seats-removed" } as const;

export type CheckoutResult =
  | { kind: "started"; seats: number }
  | { kind: "legacy-replaced" }
  | { kind: "seats-added"; seats: number }
  | { kind: "seats-removed"; seats: number }
  | { kind: "updated" };

const PLANS = new Set(["FREE", "PRO", "PREMIUM", "LEGACY"]);
const INTERVALS = new Set(["YEARLY", "MONTHLY"]);

/** A whole number written in digits, or null. */
function count(query: URLSearchParams, name: string): number | null {
  const raw = query.get(name);
  return raw !== null && /^\d{1,3}$/.test(raw) ? Number(raw) : null;
}

/** 001 §4: seat counts of a result are 1 to 99. */
const seatCount = (value: number | null) => (value !== null && value >= 1 && value <= 99 ? value : null);

/**
 * 001 §4 post-checkout query check. `null`: no checkout result asked;
 * "invalid": one asked but inconsistent (the page redirects to a clean
 * billing page); otherwise the banner to show.
 */
export function checkoutResult(query: URLSearchParams): CheckoutResult | "invalid" | null {
  if (query.get(BILLING_QUERY.checkout) !== "success") return null;
  const success = query.get(BILLING_QUERY.success);
  if (success === SUCCESS_KINDS.seatsAdded || success === SUCCESS_KINDS.seatsRemoved) {
    const seats = seatCount(count(query, BILLING_QUERY.seats));
    return seats === null ? "invalid" : { kind: success, seats };
  }
  if (success !== null) return "invalid";

  const from = query.get(BILLING_QUERY.from);
  const to = query.get(BILLING_QUERY.to);
  if ((from !== null && !PLANS.has(from)) || (to !== null && !PLANS.has(to))) return "invalid";
  const fromInterval = query.get(BILLING_QUERY.fromInterval);
  const toInterval = query.get(BILLING_QUERY.toInterval);
  if ([fromInterval, toInterval].some((interval) => interval !== null && !INTERVALS.has(interval))) return "invalid";

  if (from === "FREE") return startedSeats(query);
  if (from === "LEGACY") return { kind: "legacy-replaced" };
  const changed =
    (from !== null && to !== null && from !== to) || (fromInterval !== null && fromInterval !== toInterval);
  const users = [BILLING_QUERY.workspaceUsers, BILLING_QUERY.gmailUsers].some((name) => query.has(name));
  return changed || users ? { kind: "updated" } : "invalid";
}

/**
 * 001 §4: a move from free names its seats of exactly one kind: one Gmail
 * seat (0 or 1), or 1 to 100 workspace seats.
 */
function startedSeats(query: URLSearchParams): CheckoutResult | "invalid" {
  const gmail = count(query, BILLING_QUERY.gmailSeats);
  const workspace = count(query, BILLING_QUERY.workspaceSeats);
  if (query.has(BILLING_QUERY.gmailSeats) && gmail === null) return "invalid";
  if (query.has(BILLING_QUERY.workspaceSeats) && workspace === null) return "invalid";
  const gmailSeats = gmail ?? 0;
  const workspaceSeats = workspace ?? 0;
  if (gmailSeats > 1 || workspaceSeats > 100) return "invalid";
  if (gmailSeats > 0 === workspaceSeats > 0) return "invalid";
  return { kind: "started", seats: gmailSeats + workspaceSeats };
}

/** The redirect flag of the query, if one is set (`?cannot-…=true`). */
export function billingFlag(query: URLSearchParams): BillingFlag | null {
  return BILLING_FLAGS.find((flag) => query.get(flag) === "true") ?? null;
}

/** The query of a billing page after a checkout: `checkout=success` and the result's parameters. */
export function checkoutResultQuery(result: Record<string, string | number>) {
  const query = new URLSearchParams({ [BILLING_QUERY.checkout]: "success" });
  for (const [key, value] of Object.entries(result)) query.set(key, String(value));
  return query.toString();
}
