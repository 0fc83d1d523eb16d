import { fetchWithDeadline } from "~/api/deadline.server";
import { Authenticator } from "remix-auth";
import { GoogleStrategy, type GoogleProfile } from "remix-auth-google";
import { z } from "zod";
import { getEnv, googleEndpoints } from "~/env.server";
import { authFlowSessionStorage } from "~/utils/session.server";

/** What a successful Google sign-in hands to our callback. */
export interface GoogleSignIn {
  idToken: string;
  email: string;
  name: string;
  scope: string | null;
}

type Endpoints = ReturnType<typeof googleEndpoints>;

/**
 * The real remix-auth-google strategy with its endpoints configurable (the
 * local stand-in in development and tests) and prompt/login_hint chosen per
 * sign-in rather than once per process.
 */
class ConfigurableGoogleStrategy extends GoogleStrategy<GoogleSignIn> {
  constructor(
    options: ConstructorParameters<typeof GoogleStrategy<GoogleSignIn>>[0],
    private readonly endpoints: Endpoints,
    verify: ConstructorParameters<typeof GoogleStrategy<GoogleSignIn>>[1],
  ) {
    super(options, verify);
    this.authorizationURL = endpoints.authorizationURL;
    this.tokenURL = endpoints.tokenURL;
  }

  protected async userProfile(accessToken: string): Promise<GoogleProfile> {
    const response = await fetchWithDeadline(this.endpoints.userInfoURL, { headers: { Authorization: `Bearer ${accessToken}` } });
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
  const response = await fetchWithDeadline(url);
  if (!response.ok) throw new Error(`Google token info answered ${response.status}`);
  return tokenInfoSchema.parse(await response.json()).scope ?? null;
}

export function callbackUrl(request: Request) {
  const origin = getEnv().APP_URL ?? new URL(request.url).origin;
  return new URL("/auth/google/callback", origin).toString();
}

export function googleAuthenticator(request: Request, options: { prompt?: "select_account"; loginHint?: string } = {}) {
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
      async ({ accessToken, extraParams, profile }) => {
        const email = profile.emails[0]?.value;
        if (!extraParams.id_token || !email) throw new Error("Google answered without an ID token or e-mail");
        return { idToken: extraParams.id_token, email, name: profile.displayName, scope: await readScope(endpoints, accessToken) };
      },
    ),
  );
  return authenticator;
}
