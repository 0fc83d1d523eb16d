/**
 * A minimal Google issuer for the token-service tests: an RS256 key pair, its
 * JWKS served at `/oauth2/v3/certs`, and a signer for ID tokens, so the backend
 * is tested through its real JWKS verification path.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from "jose";

export const TEST_CLIENT_ID = "backend-test-client";
const KEY_ID = "test-key-1";

export interface FakeGoogle {
  issuer: string;
  /** A Google-like ID token; `claims` override the defaults, `sign` the issuer, audience, expiry or key. */
  signIdToken(
    claims: JWTPayload & { email?: string; name?: string; picture?: string },
    sign?: { issuer?: string; audience?: string; expiresIn?: string | number; withForeignKey?: boolean },
  ): Promise<string>;
  close(): Promise<void>;
}

export async function startFakeGoogle(): Promise<FakeGoogle> {
  const { publicKey, privateKey } = await generateKeyPair("RS256");
  const foreign = await generateKeyPair("RS256");
  const jwks = JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), kid: KEY_ID, alg: "RS256", use: "sig" }] });

  const server = http.createServer((request, response) => {
    if (request.url === "/oauth2/v3/certs") {
      response.writeHead(200, { "Content-Type": "application/json" }).end(jwks);
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    issuer,
    async signIdToken(claims, sign = {}) {
      const email = claims.email ?? "newcomer@startup.test";
      return new SignJWT({ email, email_verified: true, sub: `google-${email}`, ...claims })
        .setProtectedHeader({ alg: "RS256", kid: KEY_ID })
        .setIssuer(sign.issuer ?? issuer)
        .setAudience(sign.audience ?? TEST_CLIENT_ID)
        .setIssuedAt()
        .setExpirationTime(sign.expiresIn ?? "1h")
        .sign(sign.withForeignKey ? foreign.privateKey : privateKey);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
