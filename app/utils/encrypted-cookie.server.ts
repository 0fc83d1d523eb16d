import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import {
  createCookie,
  createSession,
  type CookieOptions,
  type SessionData,
  type SessionStorage,
} from "@remix-run/node";

/**
 * Cookie sessions whose contents are encrypted (AES-256-GCM), not only
 * signed: the backend tokens inside must not be readable by whoever holds the
 * cookie (a shared computer, a log, a browser extension). The first secret
 * encrypts; every secret decrypts, so SESSION_SECRET can rotate ("new,old")
 * without signing anyone out. A value that does not decrypt is an empty session.
 */

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Browsers drop cookies over 4 KB: better to fail loudly than to lose the session silently. */
const MAX_COOKIE_BYTES = 4096;

function keyOf(secret: string): Buffer {
  return createHash("sha256").update(`yamm session cookie ${VERSION}\0${secret}`).digest();
}

/** `v1.<base64url(iv | tag | ciphertext)>`, bound to the cookie's name so one cookie cannot stand for another. */
export function encryptValue(plain: string, secret: string, name: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", keyOf(secret), iv);
  cipher.setAAD(Buffer.from(name));
  const encrypted = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString("base64url")}`;
}

/** The plain text, or null when no secret opens it (tampered, foreign, or from before a rotation dropped its key). */
export function decryptValue(sealed: string, secrets: readonly string[], name: string): string | null {
  if (!sealed.startsWith(`${VERSION}.`)) return null;
  const bytes = Buffer.from(sealed.slice(VERSION.length + 1), "base64url");
  if (bytes.length < IV_BYTES + TAG_BYTES) return null;
  const iv = bytes.subarray(0, IV_BYTES);
  const tag = bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
  const encrypted = bytes.subarray(IV_BYTES + TAG_BYTES);
  for (const secret of secrets) {
    try {
      const decipher = createDecipheriv("aes-256-gcm", keyOf(secret), iv);
      decipher.setAAD(Buffer.from(name));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(encrypted), decipher.final()]).toString("utf8");
    } catch {
      // Not this key: try the next one.
    }
  }
  return null;
}

/** Remix's cookie session storage, with the session data sealed by encryptValue. */
export function createEncryptedCookieSessionStorage<Data = SessionData>({
  name,
  secrets,
  ...options
}: CookieOptions & { name: string; secrets: string[] }): SessionStorage<Data> {
  if (secrets.length === 0) throw new Error("An encrypted cookie needs at least one secret");
  // Unsigned: the AES-GCM tag already proves the value is ours.
  const cookie = createCookie(name, options);

  const storage: SessionStorage = {
    async getSession(cookieHeader, parseOptions) {
      const sealed: unknown = cookieHeader ? await cookie.parse(cookieHeader, parseOptions) : null;
      const plain = typeof sealed === "string" ? decryptValue(sealed, secrets, name) : null;
      let data = {};
      try {
        if (plain) data = JSON.parse(plain);
      } catch {
        // Cannot happen for a value we sealed; an empty session all the same.
      }
      return createSession(data);
    },
    async commitSession(session, serializeOptions) {
      const serialized = await cookie.serialize(
        encryptValue(JSON.stringify(session.data), secrets[0]!, name),
        serializeOptions,
      );
      if (serialized.length > MAX_COOKIE_BYTES) {
        throw new Error(`Cookie length will exceed browser maximum. Length: ${serialized.length}`);
      }
      return serialized;
    },
    async destroySession(_session, serializeOptions) {
      return cookie.serialize("", { ...serializeOptions, maxAge: undefined, expires: new Date(0) });
    },
  };
  // The storage never looks inside the data: its shape is the caller's.
  return storage as unknown as SessionStorage<Data>;
}
