import { createHash, randomBytes } from "node:crypto";
import { Hono, type Context } from "hono";
import { calculateJwkThumbprint, exportJWK, generateKeyPair, jwtVerify, SignJWT, type JWK } from "jose";
import { avatarSvg } from "./avatar";
import {
  defaultPersonas,
  makeIdentity,
  nameFromEmail,
  normalizeEmail,
  type GoogleIdentity,
  type Persona,
} from "./identity";
import { AUTH_PARAM_NAMES, AUTH_PATH, chooserPage, errorPage, type AuthParams } from "./pages";

export interface GoogleEmulatorOptions {
  /** The emulator's public base URL: the `iss` of its ID tokens and the base of every URL it hands out. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The client's registered redirect URIs: any other is refused, as Google does (redirect_uri_mismatch). */
  redirectUris: readonly string[];
  personas?: readonly Persona[];
}

const CODE_TTL_MS = 60_000;
const TOKEN_TTL_S = 3600;

/** What an authorization code or access token stands for. */
interface Grant {
  clientId: string;
  identity: GoogleIdentity;
  scope: string;
  expiresAt: number;
}

interface CodeGrant extends Grant {
  redirectUri: string;
  nonce?: string;
  codeChallenge?: { value: string; method: "S256" | "plain" };
}

interface ValidAuthRequest {
  clientId: string;
  redirectUri: string;
  scope: string;
  prompts: string[];
  codeChallenge?: CodeGrant["codeChallenge"];
}

/** RFC 7636 §4.6: the verifier sent with the code must hash (S256) or equal (plain) the challenge sent with the request. */
function verifierMatches(challenge: NonNullable<CodeGrant["codeChallenge"]>, verifier: unknown) {
  if (typeof verifier !== "string" || !/^[\w.~-]{43,128}$/.test(verifier)) return false;
  const derived = challenge.method === "S256" ? createHash("sha256").update(verifier).digest("base64url") : verifier;
  return derived === challenge.value;
}

// Like Google, ID tokens and /userinfo only carry the claims the scopes asked for,
// so an app that forgets `email` or `profile` fails here as it would in production.
function hasScope(scope: string, name: "email" | "profile") {
  return scope.split(/\s+/).some((s) => s === name || s === `https://www.googleapis.com/auth/userinfo.${name}`);
}

function profileClaims(identity: GoogleIdentity, scope: string) {
  return {
    sub: identity.sub,
    ...(hasScope(scope, "profile") && {
      name: identity.name,
      given_name: identity.givenName,
      ...(identity.familyName && { family_name: identity.familyName }),
      picture: identity.picture,
    }),
    ...(hasScope(scope, "email") && { email: identity.email, email_verified: true }),
  };
}

function randomToken(prefix: string) {
  return `${prefix}${randomBytes(32).toString("base64url")}`;
}

function withParams(base: string, params: Record<string, string | undefined>) {
  const url = new URL(base);
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) url.searchParams.set(key, value);
  }
  return url.toString();
}

function pickAuthParams(source: Record<string, unknown>): AuthParams {
  const params: AuthParams = {};
  for (const name of AUTH_PARAM_NAMES) {
    const value = source[name];
    if (typeof value === "string") params[name] = value;
  }
  return params;
}

/** Reads client credentials from HTTP Basic auth (RFC 6749 §2.3.1) or, failing that, the form body. */
function clientCredentials(c: Context, body: Record<string, unknown>) {
  const header = c.req.header("authorization");
  if (header?.toLowerCase().startsWith("basic ")) {
    const decoded = Buffer.from(header.slice(6).trim(), "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    if (colon < 0) return null;
    try {
      return {
        id: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, " ")),
        secret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, " ")),
      };
    } catch {
      return null;
    }
  }
  const { client_id: id, client_secret: secret } = body;
  return typeof id === "string" && typeof secret === "string" ? { id, secret } : null;
}

function bearerToken(c: Context) {
  const match = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "");
  return match?.[1];
}

// Maps are swept on every insert: entries live at most an hour, and this is a
// dev server, so a linear sweep is cheaper than a timer to manage.
function sweep(store: Map<string, Grant>, now: number) {
  for (const [key, grant] of store) if (grant.expiresAt <= now) store.delete(key);
}

async function createSigningKey() {
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  const jwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(jwk);
  return { privateKey, publicKey, kid, jwk: { ...jwk, kid, alg: "RS256", use: "sig" } satisfies JWK };
}

/**
 * A local stand-in for Google's OAuth 2.0 / OpenID Connect endpoints, for
 * development and tests only: an account chooser instead of a password page,
 * and an RSA key made at start instead of Google's.
 */
export function createGoogleEmulator({
  issuer,
  clientId,
  clientSecret,
  redirectUris,
  personas = defaultPersonas,
}: GoogleEmulatorOptions) {
  const registeredRedirectUris = new Set(redirectUris);
  const signingKey = createSigningKey();
  const codes = new Map<string, CodeGrant>();
  const accessTokens = new Map<string, Grant>();
  const personaIdentities = personas.map(({ email, name }) => makeIdentity(email.toLowerCase(), name, issuer));
  // Avatars of addresses typed into the chooser are remembered so their initials survive until restart.
  const namesBySub = new Map(personaIdentities.map((identity) => [identity.sub, identity.name]));

  function validateAuthRequest(params: AuthParams): ValidAuthRequest | { error: string; description: string } {
    const { client_id, redirect_uri = "", response_type, scope } = params;
    if (!client_id) return { error: "invalid_request", description: "Missing required parameter: client_id" };
    if (client_id !== clientId) return { error: "invalid_client", description: "The OAuth client was not found." };
    if (
      !URL.canParse(redirect_uri) ||
      !/^https?:$/.test(new URL(redirect_uri).protocol) ||
      redirect_uri.includes("#")
    ) {
      return {
        error: "invalid_request",
        description: `Invalid parameter value for redirect_uri: ${redirect_uri || "(missing)"}`,
      };
    }
    // Compared as the exact string, like Google: a code never travels to an address the client did not register.
    if (!registeredRedirectUris.has(redirect_uri)) {
      return {
        error: "redirect_uri_mismatch",
        description: `The redirect URI in the request, ${redirect_uri}, does not match the ones authorized for the OAuth client.`,
      };
    }
    if (response_type !== "code") {
      return {
        error: "unsupported_response_type",
        description: `Unsupported response_type: ${response_type ?? "(missing)"}`,
      };
    }
    if (!scope?.trim()) return { error: "invalid_request", description: "Missing required parameter: scope" };
    const { code_challenge: challenge, code_challenge_method: method = "plain" } = params;
    if (challenge !== undefined && method !== "S256" && method !== "plain") {
      return { error: "invalid_request", description: `Invalid code_challenge_method: ${method}` };
    }
    return {
      clientId: client_id,
      // The exact string, not the parsed URL: /token compares it character for character.
      redirectUri: redirect_uri,
      scope: scope.trim(),
      prompts: (params.prompt ?? "").split(/\s+/),
      ...(challenge !== undefined && { codeChallenge: { value: challenge, method: method as "S256" | "plain" } }),
    };
  }

  function issueCode(request: ValidAuthRequest, params: AuthParams, identity: GoogleIdentity) {
    const now = Date.now();
    sweep(codes, now);
    const code = randomToken("4/0A");
    codes.set(code, {
      clientId: request.clientId,
      redirectUri: request.redirectUri,
      identity,
      scope: request.scope,
      nonce: params.nonce,
      codeChallenge: request.codeChallenge,
      expiresAt: now + CODE_TTL_MS,
    });
    return withParams(request.redirectUri, { code, state: params.state, scope: request.scope });
  }

  function renderChooser(
    c: Context,
    params: AuthParams,
    request: ValidAuthRequest,
    otherAccount?: { email: string; name: string; error: string },
  ) {
    const hintedEmail = normalizeEmail(params.login_hint ?? "") ?? undefined;
    const hinted = personaIdentities.filter((identity) => identity.email === hintedEmail);
    const others = personaIdentities.filter((identity) => identity.email !== hintedEmail);
    c.header("Cache-Control", "no-store");
    return c.html(
      chooserPage({
        params,
        accounts: [...hinted, ...others],
        hintedEmail,
        clientHost: new URL(request.redirectUri).host,
        otherAccount,
      }),
      otherAccount ? 400 : 200,
    );
  }

  function tokenError(c: Context, status: 400 | 401, error: string, description: string) {
    c.header("Cache-Control", "no-store");
    return c.json({ error, error_description: description }, status);
  }

  function activeAccessGrant(token: string | undefined) {
    const grant = token ? accessTokens.get(token) : undefined;
    return grant && grant.expiresAt > Date.now() ? grant : undefined;
  }

  const app = new Hono();

  // Not Google's: the health check of every process of the stack (README, Operations).
  app.get("/health", (c) => c.json({ ok: true }));

  app.use("*", async (c, next) => {
    await next();
    c.header("X-Content-Type-Options", "nosniff");
    if (c.res.headers.get("Content-Type")?.startsWith("text/html")) {
      // No scripts, ever; and the chooser must not be framed (clickjacking a sign-in).
      c.header(
        "Content-Security-Policy",
        "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; frame-ancestors 'none'",
      );
    }
  });

  app.get(AUTH_PATH, (c) => {
    const params = pickAuthParams(c.req.query());
    const request = validateAuthRequest(params);
    if ("error" in request) return c.html(errorPage(request.error, request.description), 400);

    // Nobody is ever signed in here: a login_hint only puts its account first
    // in the chooser, and a code is issued only after a click (a request
    // alone, e.g. from another site, never signs anyone in).
    if (request.prompts.includes("none")) {
      return c.redirect(withParams(request.redirectUri, { error: "interaction_required", state: params.state }), 302);
    }
    return renderChooser(c, params, request);
  });

  app.post(AUTH_PATH, async (c) => {
    const body = await c.req.parseBody();
    const params = pickAuthParams(body);
    const request = validateAuthRequest(params);
    if ("error" in request) return c.html(errorPage(request.error, request.description), 400);

    if (body.action === "deny") {
      return c.redirect(withParams(request.redirectUri, { error: "access_denied", state: params.state }), 302);
    }
    const typedEmail = typeof body.email === "string" ? body.email : "";
    const typedName = typeof body.name === "string" ? body.name.trim().slice(0, 100) : "";
    const email = normalizeEmail(typedEmail);
    if (!email) {
      return renderChooser(c, params, request, {
        email: typedEmail,
        name: typedName,
        error: "Enter a valid email address, like name@example.com.",
      });
    }
    const name = typedName || personas.find((p) => p.email.toLowerCase() === email)?.name || nameFromEmail(email);
    const identity = makeIdentity(email, name, issuer);
    namesBySub.set(identity.sub, identity.name);
    return c.redirect(issueCode(request, params, identity), 302);
  });

  app.post("/token", async (c) => {
    const body = await c.req.parseBody();
    const client = clientCredentials(c, body);
    if (!client || client.id !== clientId || client.secret !== clientSecret) {
      return tokenError(c, 401, "invalid_client", "Unauthorized");
    }
    if (body.grant_type !== "authorization_code") {
      return tokenError(c, 400, "unsupported_grant_type", `Invalid grant_type: ${String(body.grant_type ?? "")}`);
    }
    if (typeof body.code !== "string" || !body.code)
      return tokenError(c, 400, "invalid_request", "Missing required parameter: code");

    const grant = codes.get(body.code);
    // A code is spent by any attempt to redeem it, as OAuth requires.
    codes.delete(body.code);
    const now = Date.now();
    if (!grant || grant.expiresAt <= now || grant.clientId !== client.id) {
      return tokenError(c, 400, "invalid_grant", "Malformed auth code.");
    }
    if (typeof body.redirect_uri !== "string" || body.redirect_uri !== grant.redirectUri) {
      return tokenError(c, 400, "invalid_grant", "Bad Request");
    }
    if (grant.codeChallenge && !verifierMatches(grant.codeChallenge, body.code_verifier)) {
      return tokenError(c, 400, "invalid_grant", "Invalid code verifier.");
    }

    sweep(accessTokens, now);
    const accessToken = randomToken("ya29.");
    accessTokens.set(accessToken, { ...grant, expiresAt: now + TOKEN_TTL_S * 1000 });
    const key = await signingKey;
    const idToken = await new SignJWT({
      azp: grant.clientId,
      ...profileClaims(grant.identity, grant.scope),
      ...(grant.nonce && { nonce: grant.nonce }),
    })
      .setProtectedHeader({ alg: "RS256", kid: key.kid, typ: "JWT" })
      .setIssuer(issuer)
      .setAudience(grant.clientId)
      .setIssuedAt(Math.floor(now / 1000))
      .setExpirationTime(Math.floor(now / 1000) + TOKEN_TTL_S)
      .sign(key.privateKey);

    c.header("Cache-Control", "no-store");
    return c.json({
      access_token: accessToken,
      expires_in: TOKEN_TTL_S,
      scope: grant.scope,
      token_type: "Bearer",
      id_token: idToken,
    });
  });

  for (const path of ["/userinfo", "/oauth2/v3/userinfo"]) {
    app.get(path, (c) => {
      const grant = activeAccessGrant(bearerToken(c));
      if (!grant) {
        c.header("WWW-Authenticate", 'Bearer error="invalid_token"');
        return c.json({ error: "invalid_request", error_description: "Invalid Credentials" }, 401);
      }
      return c.json(profileClaims(grant.identity, grant.scope));
    });
  }

  for (const path of ["/tokeninfo", "/oauth2/v3/tokeninfo"]) {
    // Values are strings, as Google's tokeninfo sends them ("exp": "1700000000", "email_verified": "true").
    app.get(path, async (c) => {
      const invalid = () => c.json({ error: "invalid_token", error_description: "Invalid Value" }, 400);
      const idToken = c.req.query("id_token");
      if (idToken) {
        const key = await signingKey;
        try {
          const { payload } = await jwtVerify(idToken, key.publicKey, { issuer, audience: clientId });
          return c.json(Object.fromEntries(Object.entries(payload).map(([claim, value]) => [claim, String(value)])));
        } catch {
          return invalid();
        }
      }
      const grant = activeAccessGrant(c.req.query("access_token"));
      if (!grant) return invalid();
      const { email, email_verified } = profileClaims(grant.identity, grant.scope);
      return c.json({
        azp: grant.clientId,
        aud: grant.clientId,
        sub: grant.identity.sub,
        scope: grant.scope,
        exp: String(Math.floor(grant.expiresAt / 1000)),
        expires_in: String(Math.max(0, Math.floor((grant.expiresAt - Date.now()) / 1000))),
        ...(email && { email, email_verified: String(email_verified) }),
        access_type: "online",
      });
    });
  }

  app.get("/oauth2/v3/certs", async (c) => {
    const key = await signingKey;
    // Short, because a restarted emulator has a new key.
    c.header("Cache-Control", "public, max-age=300");
    return c.json({ keys: [key.jwk] });
  });

  app.get("/.well-known/openid-configuration", (c) =>
    c.json({
      issuer,
      authorization_endpoint: `${issuer}${AUTH_PATH}`,
      token_endpoint: `${issuer}/token`,
      userinfo_endpoint: `${issuer}/oauth2/v3/userinfo`,
      jwks_uri: `${issuer}/oauth2/v3/certs`,
      response_types_supported: ["code"],
      subject_types_supported: ["public"],
      id_token_signing_alg_values_supported: ["RS256"],
      scopes_supported: ["openid", "email", "profile"],
      token_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic"],
      claims_supported: [
        "aud",
        "email",
        "email_verified",
        "exp",
        "family_name",
        "given_name",
        "iat",
        "iss",
        "name",
        "picture",
        "sub",
      ],
      grant_types_supported: ["authorization_code"],
    }),
  );

  app.get("/avatars/:file", (c) => {
    const sub = /^(\d{21})\.svg$/.exec(c.req.param("file"))?.[1];
    if (!sub) return c.notFound();
    c.header("Content-Type", "image/svg+xml; charset=utf-8");
    c.header("Cache-Control", "public, max-age=86400");
    // Opened directly, an SVG is a document: forbid scripts in it.
    c.header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'");
    return c.body(avatarSvg(sub, namesBySub.get(sub)));
  });

  return app;
}
