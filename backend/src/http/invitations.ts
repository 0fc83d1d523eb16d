import { randomBytes } from "node:crypto";
import { Hono, type Context } from "hono";
import { z } from "zod";
import type { BackendDb } from "../db/connection";
import { invitationRefusal, mayAddMembers } from "../domain/member-rights";
import { parseRestrictions } from "../domain/restrictions";
import { urlPrefix } from "../domain/slug";
import { findUserByEmail } from "../store/users";
import { activatePendingMember, freeMemberAllowance, memberIdsByEmail } from "../store/members";
import {
  cancelInvitations,
  findInvitationByToken,
  insertInvitation,
  markInvitationAccepted,
  pendingInvitationEmails,
  sendInviteLink,
} from "../store/invitations";
import { findMembership, insertMember, listDomains } from "../store/workspaces";
import type { AppEnv, RouteDeps } from "./app-env";
import { requireActiveMembership } from "./caller";
import { conflict, forbidden, HttpError, userNotFound } from "./errors";
import { parseJsonBody, queryFlag, parseQuery } from "./validation";
import { createRateLimiter } from "./rate-limit";

const invitationNotFound = () => new HttpError(404, "invitation_not_found");

/**
 * Accept attempts per caller: plenty for people following their links, far
 * too few to guess a token (and tokens have 192 bits besides).
 */
export const ACCEPT_RATE_LIMIT = { limit: 10, windowMs: 10 * 60_000 };

const MAX_ADDRESSES = 100;
const addresses = (name: string) =>
  z
    .array(z.string().trim().toLowerCase().max(320))
    .min(1, `${name} are required`)
    .max(MAX_ADDRESSES)
    .transform((emails) => [...new Set(emails)]);
const inviteBody = z.object({ userEmails: addresses("user emails") });
const invitedBody = z.object({ invitedUserEmails: addresses("invited user emails") });
const inviteQuery = z.object({ onlyCheckValidity: queryFlag.optional() });

/** A new invite link's secret: 192 bits. */
const newInvitationToken = () => randomBytes(24).toString("base64url");

/**
 * The caller as one who may invite to the space (OWNER, ADMIN, or MEMBER when
 * memberInviteUser; 403 otherwise), unless the space's INVITATION rollout
 * restriction is on (403 invitation_restricted).
 */
async function requireInviter(db: BackendDb, c: Context<AppEnv>) {
  const caller = await requireActiveMembership(db, c, c.req.param("workspaceId") ?? "");
  if (!mayAddMembers(caller.membership.role, caller.workspace.member_invite_user === 1)) {
    throw forbidden("may not invite members");
  }
  if (parseRestrictions(caller.workspace.restrictions).INVITATION) throw forbidden("invitation_restricted");
  return caller;
}

/** A pending invitation with a fresh link, "sent" to the invitee (the outbox). */
async function issueInvitation(
  db: BackendDb,
  workspace: { id: string; slug: string },
  email: string,
  invitedByUserId: string,
  now: number,
) {
  const token = newInvitationToken();
  await insertInvitation(db, {
    token,
    workspaceId: workspace.id,
    invitedEmail: email,
    invitedByUserId,
    createdAt: now,
  });
  await sendInviteLink(db, {
    toEmail: email,
    workspaceId: workspace.id,
    urlPrefix: urlPrefix(workspace.id, workspace.slug),
    token,
    now,
  });
}

/** Each address with its refusal (null when it can be invited), in the order given. */
async function checkInvitations(db: BackendDb, workspaceId: string, emails: readonly string[], now: number) {
  const [members, invited, domains, free] = await Promise.all([
    memberIdsByEmail(db, workspaceId, emails),
    pendingInvitationEmails(db, workspaceId, now),
    listDomains(db, workspaceId),
    freeMemberAllowance(db, workspaceId),
  ]);
  const alreadyIn = new Set(members.keys());
  const freeMembersAllowed = free.allowed;
  let freeMembersCounted = free.counted + invited.size;
  return emails.map((email) => {
    const refusal = invitationRefusal(email, { domains, alreadyIn, invited, freeMembersAllowed, freeMembersCounted });
    if (!refusal) freeMembersCounted += 1;
    return { email, refusal };
  });
}

/**
 * v1 API: accepting an invite link (002 §4, §7). The failures are the ones the
 * app's banner tells apart (000 §8): 404 invalid link, 403 another account,
 * 409 invitation_is_not_active, 409 user_already_exists; and 429 when the
 * caller has tried too many (ACCEPT_RATE_LIMIT).
 */
export function invitationsRoutes({ db }: RouteDeps) {
  const routes = new Hono<AppEnv>();
  const acceptAttempts = createRateLimiter(ACCEPT_RATE_LIMIT);

  /**
   * Invites the addresses that can be (the others are reported, not invited),
   * each getting an invite link in the outbox; with onlyCheckValidity, only
   * says which can be.
   */
  routes.post("/workspaces/:workspaceId/invitations", async (c) => {
    const { onlyCheckValidity } = parseQuery(c, inviteQuery);
    const body = await parseJsonBody(c, inviteBody);
    const { workspace, user } = await requireInviter(db, c);
    const now = Date.now();
    if (onlyCheckValidity) {
      const checked = await checkInvitations(db, workspace.id, body.userEmails, now);
      return c.json({ items: checked.map(({ email, refusal }) => ({ email, errorMsg: refusal })) });
    }
    const checked = await db.transaction().execute(async (trx) => {
      const results = await checkInvitations(trx, workspace.id, body.userEmails, now);
      for (const { email, refusal } of results) {
        if (refusal) continue;
        await issueInvitation(trx, workspace, email, user.id, now);
      }
      return results;
    });
    return c.json({
      success: checked.every(({ refusal }) => refusal === null),
      results: checked.map(({ email, refusal }) => ({ userEmail: email, errorDetails: refusal })),
    });
  });

  /** A new link for each pending invitation of these addresses (the old one stops working), expiring a month later. */
  routes.put("/workspaces/:workspaceId/invitations/resend", async (c) => {
    const body = await parseJsonBody(c, invitedBody);
    const { workspace, user } = await requireInviter(db, c);
    const now = Date.now();
    await db.transaction().execute(async (trx) => {
      const pending = await pendingInvitationEmails(trx, workspace.id, now, body.invitedUserEmails);
      if (pending.size !== body.invitedUserEmails.length) throw invitationNotFound();
      await cancelInvitations(trx, workspace.id, body.invitedUserEmails);
      for (const email of body.invitedUserEmails) {
        await issueInvitation(trx, workspace, email, user.id, now);
      }
    });
    return c.body(null, 204);
  });

  routes.delete("/workspaces/:workspaceId/invitations", async (c) => {
    const body = await parseJsonBody(c, invitedBody);
    const { workspace } = await requireInviter(db, c);
    await db.transaction().execute(async (trx) => {
      const pending = await pendingInvitationEmails(trx, workspace.id, Date.now(), body.invitedUserEmails);
      if (pending.size !== body.invitedUserEmails.length) throw invitationNotFound();
      await cancelInvitations(trx, workspace.id, body.invitedUserEmails);
    });
    return c.body(null, 204);
  });

  routes.put("/invitations/:invitationToken/accept", async (c) => {
    const token = c.req.param("invitationToken");
    const email = c.get("identity").email.toLowerCase();
    acceptAttempts.hit(email);

    // One transaction holds SQLite's only connection: the checks and the join cannot interleave with another accept.
    const accepted = await db.transaction().execute(async (trx) => {
      const invitation = await findInvitationByToken(trx, token);
      if (!invitation) throw invitationNotFound();
      if (invitation.invited_email !== email) throw forbidden("the invitation is for another account");
      const user = await findUserByEmail(trx, email);
      if (!user) throw userNotFound();
      const now = Date.now();
      if (invitation.status !== "PENDING" || invitation.expires_at <= now) throw conflict("invitation_is_not_active");

      const membership = await findMembership(trx, invitation.workspace_id, user.id);
      if (membership && membership.status !== "PENDING") throw conflict("user_already_exists");
      if (membership) {
        // Invited as a pending member (PENDING_YAMM_USER): joining takes the seat.
        await activatePendingMember(trx, invitation.workspace_id, user.id, now);
      } else {
        await insertMember(trx, {
          workspaceId: invitation.workspace_id,
          userId: user.id,
          role: "MEMBER",
          userPlan: "FREE",
          status: "ACTIVE",
          seatType: "ADDED_YAMM_USER",
          createdAt: now,
        });
      }
      if (!(await markInvitationAccepted(trx, invitation.token_hash, now))) throw conflict("invitation_is_not_active");
      return { workspaceId: invitation.workspace_id, workspaceName: invitation.workspace_name };
    });

    return c.json(accepted);
  });

  return routes;
}
