import { z } from "zod";
import type { BackendRequest } from "./http.server";

/** What the session cookie holds: small opaque values from the token service (000 §3 Session). */
export const sessionDataSchema = z.object({
  accessToken: z.string().min(1),
  sessionId: z.string().min(1),
  backendIdToken: z.string().min(1),
  expiresAt: z.number(),
  /** The Google account's address, for the no-user screen when `me` later answers 404. */
  email: z.string().email(),
});
export type SessionData = z.infer<typeof sessionDataSchema>;

/**
 * The caller every backend call takes: the signed-in user's tokens and a way
 * to send. One per request: parallel loaders share it, so a refresh or a GET
 * is never done twice for one request. `utils/auth.server` makes it.
 */
export interface AuthContext {
  request: Request;
  /** The renewed session cookie, when a refresh happened during this request, for a write's redirect to carry. */
  renewedCookie(): string | null;
  session: SessionData;
  /** Calls the backend with the bearer token; a 401 gets one refresh, then signs out. */
  call<T>(request: BackendRequest<T>): Promise<T>;
}
