import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { backendIdTokenMatches, findLiveSession } from "../auth/session-store";
import type { BackendDb } from "../db/connection";
import type { AppEnv } from "./app-env";
import { unauthorized } from "./errors";

export function bearerToken(c: Context): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header("Authorization") ?? "");
  return match ? match[1] : null;
}

/** 401 unless the request carries a live access token; then exposes the caller as `identity`. */
export function requireSession(db: BackendDb) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const token = bearerToken(c);
    const identity = token ? await findLiveSession(db, token) : null;
    if (!identity) throw unauthorized();
    c.set("identity", identity);
    await next();
  });
}

/**
 * 002 §7: the sent mail merge calls also carry `X-ID-Token: Bearer <backendIdToken>`,
 * which must be the current backend ID token of the bearer token's own session.
 * Runs after requireSession; 401 (reason `invalid_x_id_token`) when missing or not it.
 */
export async function requireIdToken(db: BackendDb, c: Context<AppEnv>): Promise<void> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header("X-ID-Token") ?? "");
  if (!match || !(await backendIdTokenMatches(db, c.get("identity").sessionId, match[1]))) {
    throw unauthorized("invalid_x_id_token");
  }
}
