import { z } from "zod";

/** The backend's Idempotency-Key pattern: letters, digits, `-` and `_`, 16 to 128 of them. */
export const idempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_-]{16,128}$/);
