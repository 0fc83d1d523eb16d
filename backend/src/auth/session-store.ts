import { randomUUID } from "node:crypto";
import type { BackendDb } from "../db/connection";
import type { GoogleIdentity } from "./google-id-token";
import { generateToken, hashToken } from "./tokens";

/** Matches the app's session cookie lifetime (spec §9): no refresh after 36 days. */
const SESSION_LIFETIME_MS = 36 * 86_400_000;

/** What an authenticated request knows about its caller. */
export interface SessionIdentity {
  sessionId: string;
  email: string;
  name: string;
  picture: string | null;
}

export interface IssuedTokens {
  sessionId: string;
  accessToken: string;
  backendIdToken: string;
  /** Epoch ms when the access token stops working. */
  expiresAt: number;
}

async function insertAccessToken(db: BackendDb, sessionId: string, now: number, ttlSeconds: number) {
  const accessToken = generateToken();
  const expiresAt = now + ttlSeconds * 1000;
  await db
    .insertInto("session_tokens")
    .values({ token_hash: hashToken(accessToken), session_id: sessionId, expires_at: expiresAt, created_at: now })
    .execute();
  return { accessToken, expiresAt };
}

/** A new session for a Google identity, whether or not a user exists for its e-mail. */
export async function createSession(
  db: BackendDb,
  identity: GoogleIdentity,
  options: { ttlSeconds: number; now?: number },
): Promise<IssuedTokens> {
  const now = options.now ?? Date.now();
  const sessionId = randomUUID();
  const backendIdToken = generateToken();
  await db
    .insertInto("sessions")
    .values({
      id: sessionId,
      email: identity.email.toLowerCase(),
      google_sub: identity.sub,
      // The identity's name is shown before any user exists; fall back to the address's local part.
      name: identity.name ?? identity.email.split("@")[0],
      picture: identity.picture,
      backend_id_token_hash: hashToken(backendIdToken),
      expires_at: now + SESSION_LIFETIME_MS,
      revoked_at: null,
      created_at: now,
    })
    .execute();
  const { accessToken, expiresAt } = await insertAccessToken(db, sessionId, now, options.ttlSeconds);
  return { sessionId, accessToken, backendIdToken, expiresAt };
}

/** The caller behind a bearer token, if the token and its session are both still live. */
export async function findLiveSession(
  db: BackendDb,
  accessToken: string,
  now = Date.now(),
): Promise<SessionIdentity | null> {
  const row = await db
    .selectFrom("session_tokens as t")
    .innerJoin("sessions as s", "s.id", "t.session_id")
    .select(["s.id as sessionId", "s.email", "s.name", "s.picture"])
    .where("t.token_hash", "=", hashToken(accessToken))
    .where("t.expires_at", ">", now)
    .where("s.expires_at", ">", now)
    .where("s.revoked_at", "is", null)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Whether `backendIdToken` is the current backend ID token of the session
 * (refreshing rotates it: an earlier one no longer matches).
 */
export async function backendIdTokenMatches(
  db: BackendDb,
  sessionId: string,
  backendIdToken: string,
): Promise<boolean> {
  const row = await db
    .selectFrom("sessions")
    .select("id")
    .where("id", "=", sessionId)
    .where("backend_id_token_hash", "=", hashToken(backendIdToken))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * How long a replaced access token still works, and may still refresh:
 * requests already under way when another one refreshed (two tabs, a page's
 * parallel loaders) must not sign the person out.
 */
export const REPLACED_TOKEN_GRACE_MS = 10_000;

/**
 * The token's row when it was issued for this session, live or expired:
 * refresh and revoke must work with the token that just ran out.
 */
function sessionToken(db: BackendDb, accessToken: string, sessionId: string) {
  return db
    .selectFrom("session_tokens")
    .select(["token_hash", "replaced_at"])
    .where("token_hash", "=", hashToken(accessToken))
    .where("session_id", "=", sessionId)
    .executeTakeFirst();
}

/**
 * A new access token for a live session, replacing the one presented
 * (rotation): the replaced token works for REPLACED_TOKEN_GRACE_MS more and
 * then never again. A token replaced longer ago than that is a stolen or
 * leaked copy being reused: the whole session is revoked. The backend ID
 * token is rotated too: only its hash is stored, so the answer can only carry
 * it by issuing a new one.
 */
export async function refreshSession(
  db: BackendDb,
  params: { sessionId: string; accessToken: string; ttlSeconds: number; now?: number },
): Promise<IssuedTokens | null> {
  const now = params.now ?? Date.now();
  return db.transaction().execute(async (trx) => {
    const token = await sessionToken(trx, params.accessToken, params.sessionId);
    if (!token) return null;
    if (token.replaced_at !== null && now - token.replaced_at > REPLACED_TOKEN_GRACE_MS) {
      await trx
        .updateTable("sessions")
        .set({ revoked_at: now })
        .where("id", "=", params.sessionId)
        .where("revoked_at", "is", null)
        .execute();
      return null;
    }
    const backendIdToken = generateToken();
    const renewed = await trx
      .updateTable("sessions")
      .set({ backend_id_token_hash: hashToken(backendIdToken) })
      .where("id", "=", params.sessionId)
      .where("revoked_at", "is", null)
      .where("expires_at", ">", now)
      .executeTakeFirst();
    if (renewed.numUpdatedRows === 0n) return null;
    await trx
      .updateTable("session_tokens")
      .set((eb) => ({
        replaced_at: eb.fn.coalesce("replaced_at", eb.val(now)),
        expires_at: eb.fn("min", ["expires_at", eb.val(now + REPLACED_TOKEN_GRACE_MS)]),
      }))
      .where("token_hash", "=", token.token_hash)
      .execute();
    const { accessToken, expiresAt } = await insertAccessToken(trx, params.sessionId, now, params.ttlSeconds);
    return { sessionId: params.sessionId, accessToken, backendIdToken, expiresAt };
  });
}

/** Ends the session and with it every access token. False when the token is not the session's. */
export async function revokeSession(
  db: BackendDb,
  params: { sessionId: string; accessToken: string; now?: number },
): Promise<boolean> {
  if (!(await sessionToken(db, params.accessToken, params.sessionId))) return false;
  await db
    .updateTable("sessions")
    .set({ revoked_at: params.now ?? Date.now() })
    .where("id", "=", params.sessionId)
    .where("revoked_at", "is", null)
    .execute();
  return true;
}
