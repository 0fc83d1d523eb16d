import type { BackendDb } from "../db/connection";
import type { UserPlan } from "../domain/enums";
import type { MemberChange } from "../domain/paid-users";
import { stopLicenseAutoRenewal } from "./license-renewals";
import { removeMembers } from "./members";
import { freeMembers, freePendingInvitations } from "./space-plan";

/**
 * The member and licence side of per-user and legacy billing
 * (backend/README.md "Per-user and legacy billing"): user plans as a change
 * leaves them, the users a v1 checkout pays for until Stripe's event comes,
 * and a legacy licence giving way to its replacement.
 */

async function setMember(
  db: BackendDb,
  workspaceId: string,
  userId: string,
  fields: { user_plan?: UserPlan; scheduled_downgrade?: 0 | 1; last_become_paid_timestamp?: number },
  now: number,
) {
  await db
    .updateTable("workspace_members")
    .set({ ...fields, last_update_timestamp: now })
    .where("workspace_id", "=", workspaceId)
    .where("user_id", "=", userId)
    .execute();
}

/**
 * The members' plans after an update of a subscription: a FREE member made
 * paid is paid at once; a paid one made FREE is marked to move to FREE at
 * the renewal; one so marked made paid again is no longer marked.
 */
export async function applyMemberChanges(
  db: BackendDb,
  workspaceId: string,
  changes: readonly MemberChange[],
  now: number,
): Promise<void> {
  for (const { member, after } of changes) {
    if (member.userPlan === "FREE" && after !== "FREE") {
      await setMember(
        db,
        workspaceId,
        member.userId,
        { user_plan: after, scheduled_downgrade: 0, last_become_paid_timestamp: now },
        now,
      );
    } else if (member.userPlan !== "FREE" && (after === "FREE") !== member.scheduledDowngrade) {
      await setMember(db, workspaceId, member.userId, { scheduled_downgrade: after === "FREE" ? 1 : 0 }, now);
    }
  }
}

/** The renewal has come: members marked to be downgraded move to FREE (002 §4). */
export async function applyScheduledDowngrades(db: BackendDb, workspaceId: string, now: number): Promise<void> {
  await db
    .updateTable("workspace_members")
    .set({ user_plan: "FREE", scheduled_downgrade: 0, last_update_timestamp: now })
    .where("workspace_id", "=", workspaceId)
    .where("scheduled_downgrade", "=", 1)
    .execute();
}

export interface CheckoutRequest {
  /** The `checkoutId` of the Checkout Session's and subscription's metadata. */
  id: string;
  workspaceId: string;
  buyerUserId: string;
  legacySubscriptionId: string | null;
  /** Each paid user and their plan (PRO or PRO_PERSONAL). */
  users: ReadonlyArray<{ userId: string; userPlan: UserPlan }>;
  now: number;
}

/** Keeps whom a v1 checkout pays for, until Stripe's event of its subscription. */
export async function insertCheckoutRequest(db: BackendDb, request: CheckoutRequest): Promise<void> {
  await db
    .insertInto("checkout_requests")
    .values({
      id: request.id,
      workspace_id: request.workspaceId,
      buyer_user_id: request.buyerUserId,
      legacy_subscription_id: request.legacySubscriptionId,
      created_at: request.now,
    })
    .execute();
  await db
    .insertInto("checkout_request_users")
    .values(request.users.map((user) => ({ checkout_id: request.id, user_id: user.userId, user_plan: user.userPlan })))
    .execute();
}

/** A v1 checkout of the space, applied or not. */
export function findCheckoutRequest(db: BackendDb, checkoutId: string, workspaceId: string) {
  return db
    .selectFrom("checkout_requests")
    .selectAll()
    .where("id", "=", checkoutId)
    .where("workspace_id", "=", workspaceId)
    .executeTakeFirst();
}

/**
 * Claims a v1 checkout of the space for its subscription, once: its users
 * and the legacy licence it replaces, or undefined when unknown or applied.
 */
export async function claimCheckoutRequest(db: BackendDb, checkoutId: string, workspaceId: string, now: number) {
  const claimed = await db
    .updateTable("checkout_requests")
    .set({ applied_at: now })
    .where("id", "=", checkoutId)
    .where("workspace_id", "=", workspaceId)
    .where("applied_at", "is", null)
    .returning(["legacy_subscription_id"])
    .executeTakeFirst();
  if (!claimed) return undefined;
  const users = await db
    .selectFrom("checkout_request_users")
    .select(["user_id as userId", "user_plan as userPlan"])
    .where("checkout_id", "=", checkoutId)
    .execute();
  return { legacySubscriptionId: claimed.legacy_subscription_id, users };
}

/**
 * A purchase's users are paid, the space's other members FREE (nobody else
 * is paid for by the new subscription).
 */
export async function setPaidUsers(
  db: BackendDb,
  workspaceId: string,
  users: ReadonlyArray<{ userId: string; userPlan: UserPlan }>,
  now: number,
): Promise<void> {
  await freeMembers(
    db,
    workspaceId,
    users.map((user) => user.userId),
    now,
  );
  for (const user of users) {
    const member = await db
      .selectFrom("workspace_members")
      .select("user_plan")
      .where("workspace_id", "=", workspaceId)
      .where("user_id", "=", user.userId)
      .executeTakeFirst();
    if (!member) continue;
    await setMember(
      db,
      workspaceId,
      user.userId,
      {
        user_plan: user.userPlan,
        scheduled_downgrade: 0,
        ...(member.user_plan === "FREE" && { last_become_paid_timestamp: now }),
      },
      now,
    );
  }
}

/**
 * A legacy licence gives way to `subscriptionId` (001 §4): the members
 * marked `toBeRemoved` leave the space (their invitations cancelled), the
 * pending invitees will join free (no seat of the new plan is theirs), the
 * licence (when another subscription) ends now without renewing, its users
 * no longer hold it, and the new subscription records what it replaced.
 */
export async function replaceLegacyLicense(
  db: BackendDb,
  change: { workspaceId: string; legacySubscriptionId: string; subscriptionId: string; now: number },
): Promise<void> {
  const { workspaceId, legacySubscriptionId, subscriptionId, now } = change;
  const removed = await db
    .selectFrom("workspace_members as m")
    .innerJoin("users as u", "u.id", "m.user_id")
    .select(["m.user_id as userId", "u.email"])
    .where("m.workspace_id", "=", workspaceId)
    .where("m.to_be_removed", "=", 1)
    .execute();
  await removeMembers(db, workspaceId, removed);
  await freePendingInvitations(db, workspaceId);
  if (legacySubscriptionId !== subscriptionId) {
    await db
      .updateTable("subscriptions")
      .set({ status: "CANCELED", auto_renew: 0, end_timestamp: now })
      .where("id", "=", legacySubscriptionId)
      .where("workspace_id", "=", workspaceId)
      .execute();
  }
  const holder = await db
    .selectFrom("users")
    .select("id")
    .where("license_subscription_id", "=", legacySubscriptionId)
    .executeTakeFirst();
  if (holder) await stopLicenseAutoRenewal(db, { subscriptionId: legacySubscriptionId, userId: holder.id, now });
  await db
    .updateTable("users")
    .set({ license_subscription_id: null, license_payment_source: null })
    .where("license_subscription_id", "=", legacySubscriptionId)
    .execute();
  await db
    .updateTable("subscriptions")
    .set({ legacy_subscription_id: legacySubscriptionId, legacy_upgraded_at: now })
    .where("id", "=", subscriptionId)
    .execute();
}
