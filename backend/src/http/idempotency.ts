import { createHash } from "node:crypto";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { BackendDb } from "../db/connection";
import {
  claimIdempotencyKey,
  findIdempotentAnswer,
  releaseIdempotencyKey,
  storeIdempotentAnswer,
  type IdempotentRequest,
} from "../store/idempotency-keys";
import type { AppEnv } from "./app-env";
import { HttpError } from "./errors";

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
const KEY_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;
/** How often a request waiting on the same key looks again, and for how long at most. */
const POLL_MS = 20;
const MAX_WAIT_MS = 30_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The request's Idempotency-Key (checked by the middleware below), for the calls it makes in turn. */
export function requestIdempotencyKey(c: Context): string | undefined {
  return c.req.header(IDEMPOTENCY_HEADER);
}

/**
 * Once-only writes (backend/README.md, Idempotency): a write sent with an
 * Idempotency-Key runs once per caller and key. A repeat gets the first
 * successful answer again (with `Idempotent-Replayed: true`) without running;
 * one sent while the first still runs waits for it. A failed or refused
 * first attempt gives the key back, so a corrected retry runs. The same key
 * on another method or path, or with another query or body, is a 422: a
 * repeat is the same request, never a changed one answered as if it had
 * run. Runs after requireSession.
 */
export function idempotency(db: BackendDb) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_HEADER);
    if (key === undefined || c.req.method === "GET" || c.req.method === "HEAD") return next();
    if (!KEY_PATTERN.test(key)) throw new HttpError(400, "invalid_request", "invalid_idempotency_key");
    const url = new URL(c.req.url);
    const request: IdempotentRequest = {
      caller: c.get("identity").email,
      key,
      method: c.req.method,
      path: url.pathname,
      // Hono keeps the body it read: the route reads it again.
      fingerprint: createHash("sha256").update(`${url.search}\n${await c.req.text()}`).digest("hex"),
    };

    const startedAt = Date.now();
    while (!(await claimIdempotencyKey(db, request))) {
      const stored = await findIdempotentAnswer(db, request.caller, key);
      if (!stored) continue; // Given back just now: try to take it.
      const sameRequest =
        stored.method === request.method &&
        stored.path === request.path &&
        (stored.fingerprint === null || stored.fingerprint === request.fingerprint);
      if (!sameRequest) {
        throw new HttpError(422, "invalid_request", "idempotency_key_reused");
      }
      if (stored.status !== null) {
        const bodyless = stored.status === 204 || stored.status === 205;
        return new Response(bodyless ? null : stored.body, {
          status: stored.status,
          headers: {
            ...(stored.contentType ? { "Content-Type": stored.contentType } : {}),
            "Idempotent-Replayed": "true",
          },
        });
      }
      if (Date.now() - startedAt > MAX_WAIT_MS) throw new HttpError(409, "conflict", "idempotency_key_in_use");
      await sleep(POLL_MS);
    }

    await next();
    if (c.res.status >= 200 && c.res.status < 300) {
      const body = await c.res.clone().text();
      await storeIdempotentAnswer(db, request, {
        status: c.res.status,
        contentType: c.res.headers.get("Content-Type"),
        body,
      });
    } else {
      await releaseIdempotencyKey(db, request);
    }
  });
}
