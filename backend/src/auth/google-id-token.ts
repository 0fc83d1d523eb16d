import { createRemoteJWKSet, errors, jwtVerify } from "jose";

/** Who signed in, as Google vouches for it in the ID token. */
export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string | null;
  picture: string | null;
}

export type GoogleIdTokenVerifier = (idToken: string) => Promise<GoogleIdentity>;

/** The token was refused (bad signature, issuer, audience, expiry or claims): a 401. */
export class InvalidGoogleIdTokenError extends Error {}

function stringClaim(payload: Record<string, unknown>, claim: string): string | null {
  const value = payload[claim];
  return typeof value === "string" && value !== "" ? value : null;
}

/** Failures that say something about the token rather than about reaching Google. */
function isTokenRejection(error: unknown): boolean {
  return (
    error instanceof errors.JWTExpired ||
    error instanceof errors.JWTClaimValidationFailed ||
    error instanceof errors.JWTInvalid ||
    error instanceof errors.JWSInvalid ||
    error instanceof errors.JWSSignatureVerificationFailed ||
    error instanceof errors.JWKSNoMatchingKey ||
    error instanceof errors.JOSEAlgNotAllowed ||
    error instanceof errors.JOSENotSupported
  );
}

/**
 * Verifies RS256 ID tokens against the issuer's JWKS (`/oauth2/v3/certs`),
 * which jose fetches once and re-fetches when it meets an unknown key id.
 * Errors reaching the issuer are rethrown as-is (the caller answers 502).
 */
export function createGoogleIdTokenVerifier(options: { issuer: string; clientId: string }): GoogleIdTokenVerifier {
  const issuer = options.issuer.replace(/\/+$/, "");
  const jwks = createRemoteJWKSet(new URL(`${issuer}/oauth2/v3/certs`));
  return async (idToken) => {
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(idToken, jwks, {
        // Tolerate a trailing-slash difference between the configured and the signed issuer.
        issuer: [issuer, `${issuer}/`],
        audience: options.clientId,
        algorithms: ["RS256"],
      }));
    } catch (error) {
      if (isTokenRejection(error)) throw new InvalidGoogleIdTokenError("ID token rejected", { cause: error });
      throw error;
    }
    const sub = stringClaim(payload, "sub");
    const email = stringClaim(payload, "email");
    // Google sets email_verified; an address it has not verified cannot identify a user.
    if (!sub || !email || payload.email_verified === false) {
      throw new InvalidGoogleIdTokenError("ID token lacks a verified e-mail");
    }
    return {
      sub,
      email: email.toLowerCase(),
      name: stringClaim(payload, "name"),
      picture: stringClaim(payload, "picture"),
    };
  };
}
