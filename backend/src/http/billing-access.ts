import type { Context } from "hono";
import type { BackendDb } from "../db/connection";
import { mayManageMembers } from "../domain/member-rights";
import { findSubscription } from "../store/subscriptions";
import type { AppEnv } from "./app-env";
import { memberFeatures, requireActiveMembership } from "./caller";
import { forbidden, HttpError } from "./errors";

/**
 * Who may do what with a space's billing (001 §6, backend/README.md "Billing
 * access"), for the billing routes: the space is the path's `workspaceId`,
 * the subscription its `subscriptionId`.
 */

const spaceOf = (c: Context<AppEnv>) => c.req.param("workspaceId") ?? "";

/** An active OWNER or ADMIN: subscriptions are not listed for members (001 §5). */
export async function requireBillingReader(db: BackendDb, c: Context<AppEnv>) {
  const caller = await requireActiveMembership(db, c, spaceOf(c));
  if (!mayManageMembers(caller.membership.role)) throw forbidden("may not see the subscription");
  return caller;
}

/** An active member with `canAccessWorkspaceBilling`: the OWNER of a per-seat space, OWNER or ADMIN of another. */
export async function requireBillingAccess(db: BackendDb, c: Context<AppEnv>) {
  const caller = await requireActiveMembership(db, c, spaceOf(c));
  if (!(await memberFeatures(db, caller)).canAccessWorkspaceBilling) throw forbidden("no billing access");
  return caller;
}

/** Seats are added and removed by the OWNER of a per-seat space (001 §6). */
export async function requireSeatManager(db: BackendDb, c: Context<AppEnv>) {
  const caller = await requireBillingAccess(db, c);
  if (caller.workspace.is_per_seat !== 1) throw forbidden("seats are managed in per-seat spaces only");
  return caller;
}

/** One of the space's subscriptions, by the path's id (404 when not the space's). */
export async function requireSubscription(db: BackendDb, c: Context<AppEnv>, workspaceId: string) {
  const subscription = await findSubscription(db, workspaceId, c.req.param("subscriptionId") ?? "");
  if (!subscription) throw new HttpError(404, "subscription_not_found");
  return subscription;
}
