import { Hono } from "hono";
import { findUserByEmail } from "../store/users";
import { activatePendingMember } from "../store/members";
import { findInvitationByToken, markInvitationAccepted } from "../store/invitations";
import { findMembership, insertMember } from "../store/workspaces";
import type { AppEnv, RouteDeps } from "./app-env";
import { conflict, forbidden, HttpError, userNotFound } from "./errors";
import { createRateLimiter } from "./rate-limit";

const invitationNotFound = () => new HttpError(404, "invitation_not_found");

/**
 * Accept attempts per caller: plenty for people following their links, far
 * too few to guess a token (and tokens have 192 bits besides).
 */
export const ACCEPT_RATE_LIMIT = { limit: 10, windowMs: 10 * 60_000 };

/**
 * v1 API: accepting an invite link (002 §4, §7). The failures are the ones the
 * app's banner tells apart (000 §8): 404 invalid link, 403 another account,
 * 409 invitation_is_not_active, 409 user_already_exists; and 429 when the
 * caller has tried too many (ACCEPT_RATE_LIMIT).
 */
export function invitationsRoutes({ db }: RouteDeps) {
  const routes = new Hono<AppEnv>();
  const acceptAttempts = createRateLimiter(ACCEPT_RATE_LIMIT);

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
