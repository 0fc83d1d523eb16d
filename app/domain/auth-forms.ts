import { z } from "zod";

/** The Google buttons' intents: each is a POST to /auth/google carrying one. */
export const authIntents = ["sign-in", "create-account", "switch-account"] as const;
export type AuthIntent = (typeof authIntents)[number];

/** The Google buttons' form (POST /auth/google): the login screen's intent, where to go after, whose account. */
export const signInSchema = z.object({
  intent: z.enum(authIntents),
  continue: z.string().max(2000).optional(),
  loginHint: z.string().email().optional(),
});

/** Log out: no fields, the session is the cookie's. */
export const logoutSchema = z.object({});
