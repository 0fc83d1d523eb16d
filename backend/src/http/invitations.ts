import { Hono } from "hono";
import { z } from "zod";
import { findUserByEmail } from "../store/users";
import { activatePendingMember } from "../store/members";
import {
  cancelInvitations,
  findInvitationByToken,
  listPendingInvitations,
  markInvitationAccepted,
} from "../store/invitations";
import { findMembership, insertMember } from "../store/workspaces";
import type { BackendDb } from "../db/connection";
import { mayHandleInvitations } from "../domain/member-rights";
import type { AppEnv, RouteDeps } from "./app-env";
import { conflict, forbidden, HttpError, userNotFound } from "./errors";
import {
  addressList,
  checkNewcomers,
  invitePlacement,
  inviteNewcomers,
  issueInvitation,
  requireInviter,
  validityQuery,
} from "./newcomers";
import { parseJsonBody, parseQuery } from "./validation";
import { urlPrefix } from "../domain/slug";
import { mailLimitReached, recipientsOverMailLimit, requireSendingRoom } from "./invitation-mails";
import { createRateLimiter } from "./rate-limit";

const invitationNotFound = () => new HttpError(404, "invitation_not_found");

/**
 * The live pending invitation of each address, for a resend or a cancel:
 * 404 when one has none, 403 when the caller may not handle one of them
 * (someone else's, for a member: domain/member-rights.ts).
 */
async function pendingToHandle(
  db: BackendDb,
  caller: Awaited<ReturnType<typeof requireInviter>>,
  emails: readonly string[],
  now: number,
) {
  const pending = await listPendingInvitations(db, caller.workspace.id, now, emails);
  const byEmail = new Map(pending.map((invitation) => [invitation.invited_email, invitation]));
  if (byEmail.size !== emails.length) throw invitationNotFound();
  const actor = { userId: caller.user.id, role: caller.membership.role };
  const invitations = [...byEmail.values()];
  const inviters = invitations.map((invitation) => invitation.invited_by_user_id);
  if (!mayHandleInvitations(actor, inviters)) throw forbidden("not_your_invitation");
  return invitations;
}

/**
 * Accept attempts per caller: plenty for people following their links, far
 * too few to guess a token (and tokens have 192 bits besides).
 */
export const ACCEPT_RATE_LIMIT = { limit: 10, windowMs: 10 * 60_000 };

/** Looking an invite link up: a page view each, so more than accepting, still far too few to guess a token. */
export const LOOKUP_RATE_LIMIT = { limit: 60, windowMs: 10 * 60_000 };

/**
 * The invitation of a link, as `email` may accept it now: 404 unknown token,
 * 403 another account's, 404 no user, 409 invitation_is_not_active (not
 * pending, or expired), 409 user_already_exists (a member already; a
 * PENDING member joins by it). With the user and their pending membership.
 */
async function acceptableInvitation(db: BackendDb, token: string, email: string, now: number) {
  const invitation = await findInvitationByToken(db, token);
  if (!invitation) throw invitationNotFound();
  if (invitation.invited_email !== email) throw forbidden("the invitation is for another account");
  const user = await findUserByEmail(db, email);
  if (!user) throw userNotFound();
  if (invitation.status !== "PENDING" || invitation.expires_at <= now) throw conflict("invitation_is_not_active");
  const membership = await findMembership(db, invitation.workspace_id, user.id);
  if (membership && membership.status !== "PENDING") throw conflict("user_already_exists");
  return { invitation, user, membership };
}

const inviteBody = z.object({ userEmails: addressList("user emails") });
const invitedBody = z.object({ invitedUserEmails: addressList("invited user emails") });

/**
 * v1 API: looking up and accepting an invite link (002 §4, §7). The failures are the ones the
 * app's banner tells apart (000 §8): 404 invalid link, 403 another account,
 * 409 invitation_is_not_active, 409 user_already_exists; and 429 when the
 * caller has tried too many (ACCEPT_RATE_LIMIT).
 */
export function invitationsRoutes({ db }: RouteDeps) {
  const routes = new Hono<AppEnv>();
  const acceptAttempts = createRateLimiter(ACCEPT_RATE_LIMIT);
  const lookups = createRateLimiter(LOOKUP_RATE_LIMIT);

  /**
   * Invites the addresses that can be (the others are reported, not invited),
   * each getting an invite link in the outbox; with onlyCheckValidity, only
   * says which can be.
   */
  routes.post("/workspaces/:workspaceId/invitations", async (c) => {
    const { onlyCheckValidity } = parseQuery(c, validityQuery);
    const body = await parseJsonBody(c, inviteBody);
    const { workspace, user } = await requireInviter(db, c);
    const now = Date.now();
    if (onlyCheckValidity) {
      const placement = await invitePlacement(db, workspace, now);
      const checked = await checkNewcomers(db, workspace.id, body.userEmails, placement, now);
      return c.json({ items: checked.map(({ email, refusal }) => ({ email, errorMsg: refusal })) });
    }
    return c.json(await inviteNewcomers(db, workspace, body.userEmails, invitePlacement, user.id, now));
  });

  /**
   * A new link for each pending invitation of these addresses (the old one
   * stops working), expiring a month later; it stays the inviter's. All or
   * nothing: 429 when one address has had its invitation mails for now
   * (`recipient_limit_reached`) or the caller or the space has sent theirs
   * (`sending_limit_reached`), with Retry-After (INVITATION_MAIL_LIMITS).
   */
  routes.put("/workspaces/:workspaceId/invitations/resend", async (c) => {
    const body = await parseJsonBody(c, invitedBody);
    const caller = await requireInviter(db, c);
    const now = Date.now();
    await db.transaction().execute(async (trx) => {
      const pending = await pendingToHandle(trx, caller, body.invitedUserEmails, now);
      const over = await recipientsOverMailLimit(trx, caller.workspace.id, body.invitedUserEmails, now);
      if (over.size > 0) throw mailLimitReached(Math.max(...over.values()), now, "recipient_limit_reached");
      await requireSendingRoom(trx, caller.workspace.id, caller.user.id, pending.length, now);
      await cancelInvitations(trx, caller.workspace.id, body.invitedUserEmails);
      for (const invitation of pending) {
        const invitee = { email: invitation.invited_email, userPlan: invitation.user_plan };
        const by = { invitedBy: invitation.invited_by_user_id, sentBy: caller.user.id };
        await issueInvitation(trx, caller.workspace, invitee, by, now);
      }
    });
    return c.body(null, 204);
  });

  routes.delete("/workspaces/:workspaceId/invitations", async (c) => {
    const body = await parseJsonBody(c, invitedBody);
    const caller = await requireInviter(db, c);
    await db.transaction().execute(async (trx) => {
      await pendingToHandle(trx, caller, body.invitedUserEmails, Date.now());
      await cancelInvitations(trx, caller.workspace.id, body.invitedUserEmails);
    });
    return c.body(null, 204);
  });

  /**
   * What an invite link invites to, for the invitee's page (the app names the
   * space that invites): the same checks as accepting, nothing changed.
   */
  routes.get("/invitations/:invitationToken", async (c) => {
    const email = c.get("identity").email.toLowerCase();
    lookups.hit(email);
    const { invitation } = await acceptableInvitation(db, c.req.param("invitationToken"), email, Date.now());
    return c.json({
      workspaceId: invitation.workspace_id,
      workspaceName: invitation.workspace_name,
      urlPrefix: urlPrefix(invitation.workspace_id, invitation.workspace_slug),
      invitedByName: invitation.invited_by_name,
    });
  });

  routes.put("/invitations/:invitationToken/accept", async (c) => {
    const token = c.req.param("invitationToken");
    const email = c.get("identity").email.toLowerCase();
    acceptAttempts.hit(email);

    // One transaction holds SQLite's only connection: the checks and the join cannot interleave with another accept.
    const accepted = await db.transaction().execute(async (trx) => {
      const now = Date.now();
      const { invitation, user, membership } = await acceptableInvitation(trx, token, email, now);
      if (membership) {
        // Invited as a pending member (PENDING_YAMM_USER): joining takes the seat.
        await activatePendingMember(trx, invitation.workspace_id, user.id, now);
      } else {
        await insertMember(trx, {
          workspaceId: invitation.workspace_id,
          userId: user.id,
          role: "MEMBER",
          userPlan: invitation.user_plan,
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
