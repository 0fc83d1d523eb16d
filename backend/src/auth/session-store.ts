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
 * Whether the bearer token was issued for this session, live or expired: refresh
 * and revoke must work with the token that just ran out.
 */
async function tokenBelongsToSession(db: BackendDb, accessToken: string, sessionId: string): Promise<boolean> {
  const row = await db
    .selectFrom("session_tokens")
    .select("session_id")
    .where("token_hash", "=", hashToken(accessToken))
    .where("session_id", "=", sessionId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * A new access token for a live session. The previous token keeps its own
 * expiry. The backend ID token is rotated too: only its hash is stored, so the
 * answer can only carry it by issuing a new one.
 */
export async function refreshSession(
  db: BackendDb,
  params: { sessionId: string; accessToken: string; ttlSeconds: number; now?: number },
): Promise<IssuedTokens | null> {
  const now = params.now ?? Date.now();
  if (!(await tokenBelongsToSession(db, params.accessToken, params.sessionId))) return null;
  const backendIdToken = generateToken();
  const renewed = await db
    .updateTable("sessions")
    .set({ backend_id_token_hash: hashToken(backendIdToken) })
    .where("id", "=", params.sessionId)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  if (renewed.numUpdatedRows === 0n) return null;
  const { accessToken, expiresAt } = await insertAccessToken(db, params.sessionId, now, params.ttlSeconds);
  return { sessionId: params.sessionId, accessToken, backendIdToken, expiresAt };
}

/** Ends the session and with it every access token. False when the token is not the session's. */
export async function revokeSession(
  db: BackendDb,
  params: { sessionId: string; accessToken: string; now?: number },
): Promise<boolean> {
  if (!(await tokenBelongsToSession(db, params.accessToken, params.sessionId))) return false;
  await db
    .updateTable("sessions")
    .set({ revoked_at: params.now ?? Date.now() })
    .where("id", "=", params.sessionId)
    .where("revoked_at", "is", null)
    .execute();
  return true;
}
