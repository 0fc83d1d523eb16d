import { redirect } from "@remix-run/node";
import { readCheckoutDraft, saveCheckoutDraft } from "~/api/billing.server";
import { seatCheckoutBack, seatCheckoutSteps, seatCheckoutType, type SeatCheckoutPage } from "~/domain/checkout-flow";
import { spacePath, spaceSections } from "~/domain/space-paths";
import { isGmailAddress } from "~/domain/wrong-plan";
import type { Subscription } from "~/api/subscriptions.server";
import {
  callerOf,
  mayGoUnread,
  requireAccess,
  requireSpace,
  requireSpaceWith,
  type SpaceArgs,
  type SpaceCaller,
  type SpaceContext,
} from "~/utils/space.server";
import {
  billingPage,
  domainSeatPlan,
  loadSubscriptions,
  managesSeats,
  seatChangeRefusal,
  seatSummaryOf,
} from "../../__billing/space-billing.server";

/*
 * What every per-seat checkout step checks and shares (001 §2, §4, §6):
 * billing access on every page and action, the flow of the page, its header
 * and the answers kept between the steps.
 */

/** The header of a per-seat step: its flow's steps and where Back goes (001 §2). */
export function seatStepHeader(space: SpaceContext, page: SeatCheckoutPage, gmail: boolean) {
  const type = seatCheckoutType(page, gmail);
  const back = seatCheckoutBack(type, page);
  return {
    steps: seatCheckoutSteps(type),
    current: page === "details" || page === "information" ? page : null,
    backTo: back === "details" ? spacePath(space.urlPrefix, spaceSections.checkoutDetails) : billingPage(space),
  };
}

/**
 * A purchase step of a per-seat space (details, information): billing
 * access, a free space (a paying one adds seats instead), and for a Gmail
 * user no details step. The per-user flows have their own pages.
 */
export async function requirePurchase(args: SpaceArgs, page: "details" | "information") {
  const { space, answers: draft } = await requireSpaceWith(args, readDraftOf);
  requireAccess(space, (access) => access.canAccessBilling, "");
  const gmail = isGmailAddress(space.me.userEmail);
  if (!space.workspace.isPerSeat) throw redirect(spacePath(space.urlPrefix, spaceSections.checkout));
  if (space.workspace.workspacePlan !== "FREE") throw redirect(billingPage(space));
  if (page === "details" && gmail) throw redirect(spacePath(space.urlPrefix, spaceSections.checkoutInformation));
  return { space, gmail, header: seatStepHeader(space, page, gmail), draft };
}

/**
 * Adding or removing seats (001 §4): the owner of a per-seat Pro or Premium
 * space with a subscription paid through Stripe, with limited seats and no
 * removal scheduled, and not a Gmail user; anyone else goes to billing. The
 * seats changed are those of the space's domain users (the PRO seat plan).
 */
export async function requireSeatChange<Offer = null>(
  args: SpaceArgs,
  page: "add-seats" | "remove-seats",
  offerOf?: (change: SeatChange) => Promise<Offer>,
) {
  const space = await requireSpace(args);
  requireAccess(space, (access) => access.canAccessBilling, "");
  const toBilling = () => redirect(billingPage(space));
  if (!space.workspace.isPerSeat || !managesSeats(space)) throw toBilling();
  const { active } = await loadSubscriptions(space);
  const seatPlan = active && domainSeatPlan(active);
  // The page's quote needs only the subscription: it is asked for beside the scheduled removals, not after them.
  const offer = active && seatPlan && offerOf ? mayGoUnread(offerOf({ space, subscription: active, seatPlan })) : null;
  const seats = await seatSummaryOf(space, active);
  if (seatChangeRefusal(space, active, seats) || !active || !seatPlan) throw toBilling();
  return { space, subscription: active, seatPlan, header: seatStepHeader(space, page, false), offer };
}

/** What a seat change starts from: the space, its subscription, and the seats of its domain's users. */
export interface SeatChange {
  space: SpaceContext;
  subscription: Subscription;
  seatPlan: NonNullable<ReturnType<typeof domainSeatPlan>>;
}

/** The answers kept for this person and space (001 §3 Checkout form, seat quantity). */
export function readDraft(space: SpaceContext) {
  return readDraftOf(callerOf(space));
}

/** readDraft, started beside a step's guard (requireSpaceWith): the steps' drafts are read in their first round. */
export const readDraftOf = ({ auth, workspaceId }: SpaceCaller) => readCheckoutDraft(auth, workspaceId);

/** Adds these answers to the kept ones (the other step's stay). */
export async function keepInDraft(space: SpaceContext, answers: Record<string, string>) {
  const draft = await readDraft(space);
  await saveCheckoutDraft(space.auth, space.workspace.workspaceId, { ...draft, ...answers });
}
