import { z } from "zod";
import { authIntents } from "./login";

/** The Google buttons' form (POST /auth/google): the login screen's intent, where to go after, whose account. */
export const signInSchema = z.object({
  intent: z.enum(authIntents),
  continue: z.string().max(2000).optional(),
  loginHint: z.string().email().optional(),
});

/** Log out: no fields, the session is the cookie's. */
export const logoutSchema = z.object({});
