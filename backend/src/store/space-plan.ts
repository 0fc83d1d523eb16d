import type { BackendDb } from "../db/connection";
import type { PaymentSource, UserPlan, WorkspacePlan } from "../domain/enums";
import { findWorkspace, resetPlanFeatures } from "./workspaces";

/**
 * The space's plan as its subscriptions make it (webhooks only): the plan
 * and how it is paid; its plan features are reset to the plan's defaults
 * when the plan changes, and left alone otherwise. A space leaving LEGACY
 * has no legacy type any more.
 */
export async function setSpacePlan(
  db: BackendDb,
  workspaceId: string,
  plan: WorkspacePlan,
  paymentSource: PaymentSource | null,
): Promise<void> {
  const workspace = await findWorkspace(db, workspaceId);
  if (!workspace) return;
  await db
    .updateTable("workspaces")
    .set({ plan, payment_source: paymentSource, ...(plan !== "LEGACY" && { legacy_type: null }) })
    .where("id", "=", workspaceId)
    .execute();
  if (workspace.plan !== plan) await resetPlanFeatures(db, workspaceId, plan);
}

/** The buyer takes a paid seat: a member on the FREE user plan moves to `userPlan` (others keep theirs). */
export async function giveBuyerSeat(
  db: BackendDb,
  seat: { workspaceId: string; userId: string; userPlan: UserPlan; now: number },
): Promise<void> {
  await db
    .updateTable("workspace_members")
    .set({ user_plan: seat.userPlan, last_become_paid_timestamp: seat.now, last_update_timestamp: seat.now })
    .where("workspace_id", "=", seat.workspaceId)
    .where("user_id", "=", seat.userId)
    .where("user_plan", "=", "FREE")
    .execute();
}

/**
 * Nothing pays for the space any more: it is FREE again, with FREE plan
 * features, and every member and pending invitee is on the FREE user plan.
 */
export async function downgradeSpaceToFree(db: BackendDb, workspaceId: string, now: number): Promise<void> {
  await setSpacePlan(db, workspaceId, "FREE", null);
  await freeMembers(db, workspaceId, [], now);
  await freePendingInvitations(db, workspaceId);
}

/** Every member of the space but `keptIds` is on the FREE user plan, with no downgrade left to wait for. */
export async function freeMembers(db: BackendDb, workspaceId: string, keptIds: readonly string[], now: number) {
  await db
    .updateTable("workspace_members")
    .set({ user_plan: "FREE", scheduled_downgrade: 0, last_update_timestamp: now })
    .where("workspace_id", "=", workspaceId)
    .where("user_id", "not in", keptIds.length > 0 ? [...keptIds] : [""])
    .where((eb) => eb.or([eb("user_plan", "!=", "FREE"), eb("scheduled_downgrade", "=", 1)]))
    .execute();
}

/** The space's pending invitees will join on the FREE user plan (no paid seat holds their place). */
export async function freePendingInvitations(db: BackendDb, workspaceId: string) {
  await db
    .updateTable("invitations")
    .set({ user_plan: "FREE" })
    .where("workspace_id", "=", workspaceId)
    .where("status", "=", "PENDING")
    .execute();
}
