import { sessionDataSchema, type SessionData } from "~/api/caller.server";
import { sessionSecrets, secureCookiesEnabled } from "~/env.server";
import { createEncryptedCookieSessionStorage } from "./encrypted-cookie.server";

/** 000 §9: the session cookie lives 36 days. */
export const SESSION_MAX_AGE_SECONDS = 36 * 24 * 60 * 60;
/** OAuth state and the sign-in intent only need to survive one trip to Google. */
const AUTH_FLOW_MAX_AGE_SECONDS = 10 * 60;

function cookieOptions(name: string, maxAge: number) {
  const secure = secureCookiesEnabled();
  return {
    // The __Host- prefix makes the browser refuse the cookie unless it is secure, host-only and path=/.
    name: secure ? `__Host-${name}` : name,
    httpOnly: true,
    sameSite: "lax" as const,
    secure,
    path: "/",
    maxAge,
    secrets: sessionSecrets(),
  };
}


type CookieSession = SessionData & { lastWorkspaceId: string };

let storage: ReturnType<typeof createEncryptedCookieSessionStorage<Partial<CookieSession>>> | undefined;
/** The signed-in session: its backend tokens are encrypted in the cookie, never readable there. */
export function sessionStorage() {
  storage ??= createEncryptedCookieSessionStorage<Partial<CookieSession>>(
    cookieOptions("yamm_session", SESSION_MAX_AGE_SECONDS),
  );
  return storage;
}

type AuthFlow = { "oauth2:state": string; intent: string; continue: string; codeVerifier: string; nonce: string };
let authFlowStorage: ReturnType<typeof createEncryptedCookieSessionStorage<AuthFlow>> | undefined;
/** remix-auth keeps the OAuth state here; we add the intent, the continue target, the PKCE verifier and the nonce. */
export function authFlowSessionStorage() {
  authFlowStorage ??= createEncryptedCookieSessionStorage<AuthFlow>(
    cookieOptions("yamm_auth_flow", AUTH_FLOW_MAX_AGE_SECONDS),
  );
  return authFlowStorage;
}

export async function getCookieSession(request: Request) {
  return sessionStorage().getSession(request.headers.get("Cookie"));
}

/** The signed-in session's tokens, or null when signed out or the cookie is malformed. */
export async function readSessionData(request: Request): Promise<SessionData | null> {
  const session = await getCookieSession(request);
  const parsed = sessionDataSchema.safeParse(session.data);
  return parsed.success ? parsed.data : null;
}

export async function commitSessionData(request: Request, data: SessionData) {
  const session = await getCookieSession(request);
  for (const [key, value] of Object.entries(data)) session.set(key as keyof SessionData, value);
  return sessionStorage().commitSession(session);
}

export async function destroySession(request: Request) {
  return sessionStorage().destroySession(await getCookieSession(request));
}

export async function readLastWorkspaceId(request: Request) {
  return (await getCookieSession(request)).get("lastWorkspaceId") ?? null;
}

export async function commitLastWorkspaceId(request: Request, workspaceId: string) {
  const session = await getCookieSession(request);
  session.set("lastWorkspaceId", workspaceId);
  return sessionStorage().commitSession(session);
}
