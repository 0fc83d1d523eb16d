import { z } from "zod";

/** Accept an invitation: the invitation token is required (002 §5). The action and the form share it. */
export const acceptInvitationSchema = z.object({ invitationToken: z.string().min(1).max(200) });
