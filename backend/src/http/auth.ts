import { Hono, type Context } from "hono";
import { z } from "zod";
import { createGoogleIdTokenVerifier, InvalidGoogleIdTokenError } from "../auth/google-id-token";
import { createSession, refreshSession, revokeSession, type IssuedTokens } from "../auth/session-store";
import type { AppEnv, RouteDeps } from "./app-env";
import { HttpError, unauthorized } from "./errors";
import { bearerToken } from "./require-session";
import { parseJsonBody } from "./validation";
import { timestamp } from "./views/timestamps";
import { requestLog } from "../observability";

const tokenBody = z.object({ idToken: z.string().min(1) });
const sessionBody = z.object({ sessionId: z.string().min(1) });

/**
 * `idToken` echoes the Google ID token the session was opened with. A refresh
 * mints no Google token, so its answer leaves the field out.
 */
function sessionAnswer(tokens: IssuedTokens, idToken?: string) {
  return {
    accessToken: tokens.accessToken,
    ...(idToken !== undefined && { idToken }),
    backendIdToken: tokens.backendIdToken,
    sessionId: tokens.sessionId,
    expiresAt: timestamp(tokens.expiresAt),
  };
}

function requireBearer(c: Context): string {
  const token = bearerToken(c);
  if (!token) throw unauthorized();
  return token;
}

/** The token service: Google ID token in, opaque backend session tokens out. */
export function authRoutes({ db, config }: RouteDeps) {
  const verifyGoogleIdToken =
    config.verifyGoogleIdToken ??
    createGoogleIdTokenVerifier({ issuer: config.googleIssuer, clientId: config.googleClientId });
  const ttlSeconds = config.accessTokenTtlSeconds;
  const routes = new Hono<AppEnv>();

  routes.post("/v1/auth/token", async (c) => {
    const { idToken } = await parseJsonBody(c, tokenBody);
    let identity;
    try {
      identity = await verifyGoogleIdToken(idToken);
    } catch (error) {
      if (error instanceof InvalidGoogleIdTokenError) throw unauthorized("invalid_id_token");
      // The token may be fine; Google (or its local stand-in) could not be reached.
      requestLog().error({ err: error }, "Google ID token could not be verified");
      throw new HttpError(502, "google_unavailable");
    }
    const tokens = await createSession(db, identity, { ttlSeconds });
    return c.json(sessionAnswer(tokens, idToken));
  });

  routes.post("/v1/auth/refresh-token", async (c) => {
    const accessToken = requireBearer(c);
    const { sessionId } = await parseJsonBody(c, sessionBody);
    const tokens = await refreshSession(db, { sessionId, accessToken, ttlSeconds });
    if (!tokens) throw unauthorized();
    return c.json(sessionAnswer(tokens));
  });

  routes.post("/v1/auth/revoke", async (c) => {
    const accessToken = requireBearer(c);
    const { sessionId } = await parseJsonBody(c, sessionBody);
    if (!(await revokeSession(db, { sessionId, accessToken }))) throw unauthorized();
    return c.body(null, 204);
  });

  return routes;
}
