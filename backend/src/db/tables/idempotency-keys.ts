/** One write sent with an Idempotency-Key: pending while `status` is null, then its answer. */
export interface IdempotencyKeysTable {
  /** The caller's e-mail: a key belongs to the one who sent it. */
  caller: string;
  key: string;
  method: string;
  path: string;
  /** SHA-256 of the query string and body; null for keys stored before fingerprints. */
  fingerprint: string | null;
  status: number | null;
  content_type: string | null;
  body: string | null;
  created_at: number;
}

export interface IdempotencyKeyTables {
  idempotency_keys: IdempotencyKeysTable;
}
