/**
 * Once-only submissions (issue 6, backend/README.md Idempotency): every form
 * that creates something carries a key, new for each rendering of the page;
 * its action sends it to the backend as the Idempotency-Key header, so a
 * double click, a reload of the POST or a retry applies it once. Free of
 * zod, so that pages can name the field without carrying it.
 */
export const IDEMPOTENCY_FIELD = "idempotencyKey";

/** A fresh key, made by the loader that renders the form. */
export function newIdempotencyKey() {
  return crypto.randomUUID();
}
