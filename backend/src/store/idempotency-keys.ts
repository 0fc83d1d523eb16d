import type { BackendDb } from "../db/connection";

/** How long an answer is replayed for its key. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

export interface IdempotentRequest {
  caller: string;
  key: string;
  method: string;
  path: string;
  /** SHA-256 of the query string and body: what makes a repeat the same request. */
  fingerprint: string;
}

export interface StoredAnswer {
  method: string;
  path: string;
  fingerprint: string | null;
  /** Null while the first request with the key is still running. */
  status: number | null;
  contentType: string | null;
  body: string | null;
}

/** Takes the key for this request; false when another request holds it or already answered it. */
export async function claimIdempotencyKey(db: BackendDb, request: IdempotentRequest, now = Date.now()): Promise<boolean> {
  await db.deleteFrom("idempotency_keys").where("created_at", "<", now - IDEMPOTENCY_KEY_TTL_MS).execute();
  const result = await db
    .insertInto("idempotency_keys")
    .values({ ...request, status: null, content_type: null, body: null, created_at: now })
    .onConflict((conflict) => conflict.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function findIdempotentAnswer(db: BackendDb, caller: string, key: string): Promise<StoredAnswer | null> {
  const row = await db
    .selectFrom("idempotency_keys")
    .select(["method", "path", "fingerprint", "status", "content_type as contentType", "body"])
    .where("caller", "=", caller)
    .where("key", "=", key)
    .executeTakeFirst();
  return row ?? null;
}

export async function storeIdempotentAnswer(
  db: BackendDb,
  { caller, key }: IdempotentRequest,
  answer: { status: number; contentType: string | null; body: string },
) {
  await db
    .updateTable("idempotency_keys")
    .set({ status: answer.status, content_type: answer.contentType, body: answer.body })
    .where("caller", "=", caller)
    .where("key", "=", key)
    .execute();
}

/** A request that was refused or failed gives its key back: correcting and retrying must be possible. */
export async function releaseIdempotencyKey(db: BackendDb, { caller, key }: IdempotentRequest) {
  await db.deleteFrom("idempotency_keys").where("caller", "=", caller).where("key", "=", key).execute();
}
