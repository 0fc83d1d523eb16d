import { randomBytes } from "node:crypto";
import type { Context } from "hono";
import { z } from "zod";
import type { BackendDb } from "../db/connection";
import type { WorkspacesTable } from "../db/tables/workspaces";
import { isConsumerDomain } from "../domain/account-type";
import type { UserPlan } from "../domain/enums";
import { invitationRefusal, mayAddMembers } from "../domain/member-rights";
import { NO_PLAN_FEATURES } from "../domain/plan-features";
import { parseRestrictions } from "../domain/restrictions";
import type { Room } from "../domain/seats";
import { urlPrefix } from "../domain/slug";
import { insertInvitation, listPendingInvitations, sendInviteLink } from "../store/invitations";
import { freeMemberAllowance, memberIdsByEmail, seatsTakenByPlan } from "../store/members";
import { loadSpaceSeats } from "../store/space-seats";
import { emailDomain } from "../store/users";
import { listDomains, listPlanFeatures } from "../store/workspaces";
import type { AppEnv } from "./app-env";
import { requireActiveMembership } from "./caller";
import { forbidden } from "./errors";
import { recipientsOverMailLimit, requireSendingRoom } from "./invitation-mails";
import { queryFlag } from "./validation";

const MAX_ADDRESSES = 100;
/** Trimmed, lower-cased, deduplicated addresses: 1 to MAX_ADDRESSES of them. */
export const addressList = (name: string) =>
  z
    .array(z.string().trim().toLowerCase().max(320))
    .min(1, `${name} are required`)
    .max(MAX_ADDRESSES)
    .transform((emails) => [...new Set(emails)]);

/** `?onlyCheckValidity=true`: only say which addresses may join, store nothing. */
export const validityQuery = z.object({ onlyCheckValidity: queryFlag.optional() });

type Workspace = Pick<WorkspacesTable, "id" | "slug" | "plan" | "is_per_seat">;

/**
 * The caller as one who may add or invite members (OWNER, ADMIN, or MEMBER
 * when memberInviteUser; 403 otherwise), unless the space's INVITATION
 * rollout restriction is on (403 invitation_restricted): newcomers get an
 * invite link either way.
 */
export async function requireInviter(db: BackendDb, c: Context<AppEnv>) {
  const caller = await requireActiveMembership(db, c, c.req.param("workspaceId") ?? "");
  if (!mayAddMembers(caller.membership.role, caller.workspace.member_invite_user === 1)) {
    throw forbidden("may not invite members");
  }
  if (parseRestrictions(caller.workspace.restrictions).INVITATION) throw forbidden("invitation_restricted");
  return caller;
}

/** Where a newcomer goes: the user plan they join on, and the room they take a place in. */
export type Placement = (email: string) => { userPlan: UserPlan; room: Room };

/** Invitees join on the FREE user plan, within the space's free allowance. */
export async function invitePlacement(db: BackendDb, workspace: Workspace, now: number): Promise<Placement> {
  const free = await freeMemberAllowance(db, workspace.id, now);
  const room: Room = { allowed: free.allowed, taken: free.counted, full: "user_limit_reached" };
  return () => ({ userPlan: "FREE", room });
}

/**
 * Added members (002 §2 Add members) take a paid seat of a per-seat space's
 * subscription (a Gmail address the Gmail seat plan's, when there is one);
 * in a legacy space, a paid place within the PRO user limit; elsewhere they
 * join free, as invitees do.
 */
export async function additionPlacement(db: BackendDb, workspace: Workspace, now: number): Promise<Placement> {
  if (workspace.is_per_seat === 1) {
    const plans = (await loadSpaceSeats(db, workspace.id, now)).flatMap((seats) => seats.plans);
    if (plans.length > 0) {
      const rooms = new Map<UserPlan, Room>(
        plans.map((plan) => [
          plan.userPlan,
          { allowed: plan.totalSeats, taken: plan.assignedSeats, full: "no_seat_available" },
        ]),
      );
      const noSeat: Room = { allowed: 0, taken: 0, full: "no_seat_available" };
      return (email) => {
        const personal = isConsumerDomain(emailDomain(email)) && rooms.has("PRO_PERSONAL");
        const userPlan: UserPlan = personal ? "PRO_PERSONAL" : "PRO";
        return { userPlan, room: rooms.get(userPlan) ?? noSeat };
      };
    }
  }
  if (workspace.plan === "LEGACY") {
    const [features, taken] = await Promise.all([
      listPlanFeatures(db, [workspace.id]),
      seatsTakenByPlan(db, workspace.id, now),
    ]);
    const pro = features.find((feature) => feature.user_plan === "PRO");
    const room: Room = {
      allowed: pro?.allowed_user_count ?? NO_PLAN_FEATURES.allowedUserCount,
      taken: taken.get("PRO") ?? 0,
      full: "user_limit_reached",
    };
    return () => ({ userPlan: "PRO", room });
  }
  return invitePlacement(db, workspace, now);
}

export interface CheckedNewcomer {
  email: string;
  refusal: string | null;
  userPlan: UserPlan;
}

/**
 * Each address with its refusal (null when it can join) and the plan it
 * would join on, in the order given; each accepted one takes its place, so
 * the last places go to the first addresses.
 */
export async function checkNewcomers(
  db: BackendDb,
  workspaceId: string,
  emails: readonly string[],
  placement: Placement,
  now: number,
): Promise<CheckedNewcomer[]> {
  const [members, pending, domains, mailLimited] = await Promise.all([
    memberIdsByEmail(db, workspaceId, emails),
    listPendingInvitations(db, workspaceId, now, emails),
    listDomains(db, workspaceId),
    recipientsOverMailLimit(db, workspaceId, emails, now),
  ]);
  const overMailLimit = new Set(mailLimited.keys());
  const alreadyIn = new Set(members.keys());
  const invited = new Set(pending.map((invitation) => invitation.invited_email));
  return emails.map((email) => {
    const { userPlan, room } = placement(email);
    const refusal = invitationRefusal(email, { domains, alreadyIn, invited, overMailLimit }, room);
    if (!refusal) room.taken += 1;
    return { email, refusal, userPlan };
  });
}

/** A new invite link's secret: 192 bits. */
const newInvitationToken = () => randomBytes(24).toString("base64url");

/**
 * A pending invitation with a fresh link, "sent" to the invitee (the
 * outbox): `invitedBy` is whose invitation it is, `sentBy` who made this
 * mail go out (the same, or whoever resent it).
 */
export async function issueInvitation(
  db: BackendDb,
  workspace: Pick<Workspace, "id" | "slug">,
  invitee: { email: string; userPlan: UserPlan },
  { invitedBy, sentBy }: { invitedBy: string | null; sentBy: string },
  now: number,
) {
  const token = newInvitationToken();
  await insertInvitation(db, {
    token,
    workspaceId: workspace.id,
    invitedEmail: invitee.email,
    userPlan: invitee.userPlan,
    invitedByUserId: invitedBy,
    createdAt: now,
  });
  await sendInviteLink(db, {
    toEmail: invitee.email,
    workspaceId: workspace.id,
    urlPrefix: urlPrefix(workspace.id, workspace.slug),
    token,
    sentByUserId: sentBy,
    now,
  });
}

/** How a space places its newcomers: invitePlacement or additionPlacement. */
export type PlacementRule = (db: BackendDb, workspace: Workspace, now: number) => Promise<Placement>;

/**
 * Invites, in one transaction, every address that may join, on the plan
 * `rule` gives it; the answer of an invite or add call (002 §3 Add/invite
 * result): `success` when every address was invited, each one's refusal.
 */
export async function inviteNewcomers(
  db: BackendDb,
  workspace: Workspace,
  emails: readonly string[],
  rule: PlacementRule,
  invitedByUserId: string,
  now: number,
) {
  const checked = await db.transaction().execute(async (trx) => {
    const results = await checkNewcomers(trx, workspace.id, emails, await rule(trx, workspace, now), now);
    const accepted = results.filter((newcomer) => !newcomer.refusal);
    await requireSendingRoom(trx, workspace.id, invitedByUserId, accepted.length, now);
    const by = { invitedBy: invitedByUserId, sentBy: invitedByUserId };
    for (const newcomer of accepted) await issueInvitation(trx, workspace, newcomer, by, now);
    return results;
  });
  return {
    success: checked.every(({ refusal }) => refusal === null),
    results: checked.map(({ email, refusal }) => ({ userEmail: email, errorDetails: refusal })),
  };
}
