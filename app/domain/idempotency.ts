/**
 * Once-only submissions (issue 6, backend/README.md Idempotency): every form
 * that creates something carries a key, new for each rendering of the page;
 * its action sends it to the backend as the Idempotency-Key header, so a
 * double click, a reload of the POST or a retry applies it once. Free of
 * zod, so that pages can name the field without carrying it.
 */
export const IDEMPOTENCY_FIELD = "idempotencyKey";

/**
 * A fresh key: 128 random bits as hex, made by the loader that renders the
 * form, or by the page after an answer. getRandomValues, unlike randomUUID,
 * also exists on a page served over plain HTTP.
 */
export function newIdempotencyKey() {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
