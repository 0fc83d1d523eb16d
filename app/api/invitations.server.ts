import { z } from "zod";
import type { AuthContext } from "./caller.server";
import { backendPath, isBackendError } from "./http.server";

const acceptAnswerSchema = z.object({ workspaceId: z.string(), workspaceName: z.string() });

/** 002 §7: accepting is retried up to 3 times on HTTP 500. */
const ACCEPT_ATTEMPTS = 3;

/** PUT /invitations/{token}/accept (v1). */
export async function acceptInvitation(auth: AuthContext, invitationToken: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auth.call({
        base: "v1",
        path: backendPath`/invitations/${invitationToken}/accept`,
        method: "PUT",
        schema: acceptAnswerSchema,
      });
    } catch (error) {
      if (!isBackendError(error, 500) || attempt >= ACCEPT_ATTEMPTS) throw error;
    }
  }
}

const invitationSchema = z.object({
  workspaceId: z.string(),
  workspaceName: z.string(),
  /** "/{workspaceId}/{slug}": where the invite link belongs. */
  urlPrefix: z.string().regex(/^\/[\w-]+\/[\w-]+$/),
  invitedByName: z.string().nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/**
 * GET /invitations/{token} (v1; backend/README.md): the space an invite link
 * invites its invitee to, with the same refusals as accepting it.
 */
export function getInvitation(auth: AuthContext, invitationToken: string): Promise<Invitation> {
  return auth.call({
    base: "v1",
    path: backendPath`/invitations/${invitationToken}`,
    schema: invitationSchema,
  });
}
