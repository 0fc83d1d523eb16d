import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { findLiveSession } from "../auth/session-store";
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
