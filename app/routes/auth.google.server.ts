import { createHash, randomBytes } from "node:crypto";
import { decodeJwt } from "jose";
import { fetchWithDeadline } from "~/api/deadline.server";
import { Authenticator } from "remix-auth";
import { GoogleStrategy, type GoogleProfile } from "remix-auth-google";
import { z } from "zod";
import { getEnv, googleEndpoints } from "~/env.server";
import { authFlowSessionStorage } from "~/utils/session.server";
import { appUrl } from "~/utils/app-url.server";

/** What a successful Google sign-in hands to our callback. */
export interface GoogleSignIn {
  idToken: string;
  email: string;
  name: string;
  scope: string | null;
}

type Endpoints = ReturnType<typeof googleEndpoints>;

/**
 * What ties Google's answer to the sign-in that asked for it: the PKCE
 * verifier (RFC 7636, S256), so a code is worth nothing without the browser
 * that started the sign-in, and the OpenID nonce, checked in the ID token.
 * Both live in the encrypted auth-flow cookie for the trip to Google.
 */
export interface SignInProof {
  codeVerifier: string;
  nonce: string;
}

export function newSignInProof(): SignInProof {
  return { codeVerifier: randomBytes(32).toString("base64url"), nonce: randomBytes(16).toString("base64url") };
}

export function codeChallengeOf(codeVerifier: string) {
  return createHash("sha256").update(codeVerifier).digest("base64url");
}

/** The nonce of an ID token received straight from Google's token endpoint (TLS: the backend verifies its signature). */
function nonceOf(idToken: string): unknown {
  try {
    return decodeJwt(idToken).nonce;
  } catch {
    return undefined;
  }
}

/**
 * The real remix-auth-google strategy with its endpoints configurable (the
 * local stand-in in development and tests), prompt/login_hint chosen per
 * sign-in rather than once per process, and the sign-in's proof (PKCE and
 * nonce) sent with the request and with the code.
 */
class ConfigurableGoogleStrategy extends GoogleStrategy<GoogleSignIn> {
  constructor(
    options: ConstructorParameters<typeof GoogleStrategy<GoogleSignIn>>[0],
    private readonly endpoints: Endpoints,
    private readonly proof: SignInProof,
    verify: ConstructorParameters<typeof GoogleStrategy<GoogleSignIn>>[1],
  ) {
    super(options, verify);
    this.authorizationURL = endpoints.authorizationURL;
    this.tokenURL = endpoints.tokenURL;
  }

  protected authorizationParams(): URLSearchParams {
    const params = super.authorizationParams();
    params.set("code_challenge", codeChallengeOf(this.proof.codeVerifier));
    params.set("code_challenge_method", "S256");
    params.set("nonce", this.proof.nonce);
    return params;
  }

  protected tokenParams(): URLSearchParams {
    const params = super.tokenParams();
    params.set("code_verifier", this.proof.codeVerifier);
    return params;
  }

  /**
   * The library's token request (remix-auth-oauth2 `fetchAccessToken`, Google's form: the client's id and
   * secret in the body), made through the app's one client: a deadline, the request's id, the metrics.
   */
  protected async fetchAccessToken(code: string, params: URLSearchParams) {
    params.set("client_id", this.clientID);
    params.set("client_secret", this.clientSecret);
    params.set(params.get("grant_type") === "refresh_token" ? "refresh_token" : "code", code);
    const response = await fetchWithDeadline(
      this.tokenURL,
      { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: params },
      "POST google /token",
    );
    // As the library does: the strategy turns what is thrown into its failure.
    if (!response.ok) throw await response.text();
    return this.getAccessToken(response.clone());
  }

  protected async userProfile(accessToken: string): Promise<GoogleProfile> {
    const response = await fetchWithDeadline(
      this.endpoints.userInfoURL,
      { headers: { Authorization: `Bearer ${accessToken}` } },
      "GET google /userinfo",
    );
    if (!response.ok) throw new Error(`Google user info answered ${response.status}`);
    const raw = userInfoSchema.parse(await response.json());
    return {
      provider: "google",
      id: raw.sub,
      displayName: raw.name ?? raw.email,
      name: { familyName: raw.family_name ?? "", givenName: raw.given_name ?? "" },
      emails: [{ value: raw.email }],
      photos: [{ value: raw.picture ?? "" }],
      _json: raw as GoogleProfile["_json"],
    };
  }
}

const userInfoSchema = z.object({
  sub: z.string(),
  email: z.string().email(),
  name: z.string().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  picture: z.string().optional(),
});

const tokenInfoSchema = z.object({ scope: z.string().optional() });

async function readScope(endpoints: Endpoints, accessToken: string) {
  const url = new URL(endpoints.tokenInfoURL);
  url.searchParams.set("access_token", accessToken);
  const response = await fetchWithDeadline(url, {}, "GET google /tokeninfo");
  if (!response.ok) throw new Error(`Google token info answered ${response.status}`);
  return tokenInfoSchema.parse(await response.json()).scope ?? null;
}

export function callbackUrl(request: Request) {
  return appUrl(request, "/auth/google/callback");
}

export function googleAuthenticator(
  request: Request,
  proof: SignInProof,
  options: { prompt?: "select_account"; loginHint?: string } = {},
) {
  const env = getEnv();
  const endpoints = googleEndpoints();
  const authenticator = new Authenticator<GoogleSignIn>(authFlowSessionStorage(), { sessionKey: "google" });
  authenticator.use(
    new ConfigurableGoogleStrategy(
      {
        clientID: env.GOOGLE_CLIENT_ID,
        clientSecret: env.GOOGLE_CLIENT_SECRET,
        callbackURL: callbackUrl(request),
        prompt: options.prompt,
        loginHint: options.loginHint,
      },
      endpoints,
      proof,
      async ({ accessToken, extraParams, profile }) => {
        const email = profile.emails[0]?.value;
        if (!extraParams.id_token || !email) throw new Error("Google answered without an ID token or e-mail");
        if (nonceOf(extraParams.id_token) !== proof.nonce) throw new Error("The ID token is not this sign-in's");
        return {
          idToken: extraParams.id_token,
          email,
          name: profile.displayName,
          scope: await readScope(endpoints, accessToken),
        };
      },
    ),
  );
  return authenticator;
}
