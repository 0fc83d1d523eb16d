import { createHash, randomBytes } from "node:crypto";

/** An opaque bearer credential: 32 random bytes, URL-safe. */
export function generateToken(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * Only hashes are stored, so a leaked database does not leak live sessions.
 * Tokens carry 256 bits of entropy, so a plain (unsalted) SHA-256 suffices.
 */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
