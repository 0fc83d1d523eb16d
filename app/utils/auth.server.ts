import { assertFormBody } from "./form-body.server";
import { redirect } from "@remix-run/node";
import { refreshTokens } from "~/api/auth-tokens.server";
import type { AuthContext, SessionData } from "~/api/caller.server";
import { BackendError, fetchBackend, type BackendRequest } from "~/api/http.server";
import { loginPath, type LoginError } from "~/domain/login";
import { commitSessionData, destroySession, readSessionData } from "./session.server";
import { signOutcomeLink } from "./banner-links.server";

/** 000 §4: the token is renewed when it is within 2 seconds of expiry. */
export const REFRESH_MARGIN_MS = 2_000;

/**
 * What a loader or action receives. Remix hands each loader of one request
 * its own copy of the Request but the same `context` object, so `context` is
 * what identifies the request; without it (tests, one-off calls) the Request does.
 */
export interface RequestArgs {
  request: Request;
  context?: object;
}

const contexts = new WeakMap<object, Promise<AuthContext>>();

function pathAndQuery(request: Request) {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/** Signs out and sends the person to the login page, keeping where they were going. */
export async function signOutRedirect(request: Request, error?: LoginError, email?: string): Promise<never> {
  const continueTo = request.method === "GET" ? pathAndQuery(request) : undefined;
  throw redirect(loginPath({ error, email, continueTo }), {
    headers: { "Set-Cookie": await destroySession(request) },
  });
}

/**
 * What every action checks first: a write from another site is refused (403;
 * the session cookie is SameSite=Lax already, and this also covers same-site
 * subdomains and old browsers), and so is a body that is no HTML form or is
 * too large (assertFormBody).
 */
export async function assertSafeWrite(request: Request) {
  assertSameOrigin(request);
  await assertFormBody(request);
}

function assertSameOrigin(request: Request) {
  if (request.method === "GET" || request.method === "HEAD") return;
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") {
    throw new Response("Cross-site request refused", { status: 403 });
  }
  const origin = request.headers.get("Origin");
  if (origin && origin !== "null") {
    const host = request.headers.get("X-Forwarded-Host") ?? request.headers.get("Host") ?? new URL(request.url).host;
    let originHost: string | null = null;
    try {
      originHost = new URL(origin).host;
    } catch {
      // An unparsable Origin is treated as foreign.
    }
    if (originHost !== host) throw new Response("Cross-site request refused", { status: 403 });
  } else if (origin === "null") {
    throw new Response("Cross-site request refused", { status: 403 });
  }
}

/**
 * Starts every loader and action of a signed-in page: refuses cross-site
 * writes, sends signed-out visitors to /login?continue=…, and renews a token
 * that is about to expire.
 */
export function requireSession({ request, context: requestKey = request }: RequestArgs): Promise<AuthContext> {
  let context = contexts.get(requestKey);
  if (!context) {
    context = assertSafeWrite(request).then(() => createContext(request));
    contexts.set(requestKey, context);
  }
  return context;
}

/**
 * The session cookie this request's answer must carry when its tokens were
 * renewed on the way without a redirect to carry it (a retry after a 401, a
 * write answered with its form errors); null otherwise. The backend rotates
 * tokens on refresh: a browser left holding the replaced one would be signed
 * out once its short grace is over.
 */
export async function renewedSessionCookie(requestKey: object): Promise<string | null> {
  const context = contexts.get(requestKey);
  if (!context) return null;
  try {
    return (await context).renewedCookie();
  } catch {
    // No session (the request was sent to sign in): nothing to renew.
    return null;
  }
}

async function createContext(request: Request): Promise<AuthContext> {
  const stored = await readSessionData(request);
  if (!stored) throw redirect(loginPath({ continueTo: pathAndQuery(request) }));
  const context = authContextFor(request, stored);
  if (stored.expiresAt - Date.now() <= REFRESH_MARGIN_MS) {
    await context.refresh();
    // Loaders cannot all add the cookie to one response, so a GET simply comes
    // back with it; a write keeps going and its redirect carries the cookie.
    if (request.method === "GET") {
      throw redirect(pathAndQuery(request), { headers: { "Set-Cookie": context.renewedCookie()! } });
    }
  }
  return context;
}

/** An AuthContext for tokens we already hold (the sign-in callback's fresh ones, or the cookie's). */
export function authContextFor(
  request: Request,
  initial: SessionData,
): AuthContext & { refresh(): Promise<SessionData> } {
  let session = initial;
  let renewedCookie: string | null = null;
  let refreshing: Promise<SessionData> | null = null;
  const refresh = () => {
    refreshing ??= refreshTokens(session).then(
      async (tokens) => {
        session = { ...session, ...tokens };
        renewedCookie = await commitSessionData(request, session);
        return session;
      },
      () => signOutRedirect(request, "session-expired"),
    );
    return refreshing;
  };

  const current = () => session;
  // GET answers are shared by every loader of this request (no duplicate calls).
  const reads = new Map<string, Promise<unknown>>();
  // Headers that carry tokens are built at send time, so a retry after a refresh carries the new ones.
  const withSessionHeaders = <T>(backendRequest: BackendRequest<T>, tokens: SessionData): BackendRequest<T> =>
    backendRequest.withIdToken
      ? { ...backendRequest, headers: { ...backendRequest.headers, "X-ID-Token": `Bearer ${tokens.backendIdToken}` } }
      : backendRequest;
  const send = async <T>(backendRequest: BackendRequest<T>): Promise<T> => {
    try {
      return await fetchBackend(withSessionHeaders(backendRequest, current()), current().accessToken);
    } catch (error) {
      if (!(error instanceof BackendError) || error.status !== 401) throw error;
      const renewed = await refresh();
      try {
        return await fetchBackend(withSessionHeaders(backendRequest, renewed), renewed.accessToken);
      } catch (retryError) {
        if (retryError instanceof BackendError && retryError.status === 401) {
          return signOutRedirect(request, "session-expired");
        }
        throw retryError;
      }
    }
  };
  return {
    request,
    refresh,
    renewedCookie: () => renewedCookie,
    get session() {
      return current();
    },
    call<T>(backendRequest: BackendRequest<T>) {
      if ((backendRequest.method ?? "GET") !== "GET") {
        // A write may change what earlier reads answered.
        if (!backendRequest.changesNothing) reads.clear();
        return send(backendRequest);
      }
      const key = `${backendRequest.base} ${backendRequest.path.path} ${JSON.stringify(backendRequest.query ?? {})}`;
      let read = backendRequest.fresh ? undefined : (reads.get(key) as Promise<T> | undefined);
      if (!read) {
        read = send(backendRequest);
        reads.set(key, read);
        // A failed read is not shared: a later retry must really ask again.
        read.catch(() => reads.delete(key));
      }
      return read;
    },
  };
}

/**
 * A redirect ending a write. When the token was renewed during the request,
 * the redirect carries the new session cookie (loaders cannot, see createContext).
 */
export function redirectInSession(auth: AuthContext, url: string, headers: HeadersInit = {}) {
  const all = new Headers(headers);
  const renewed = auth.renewedCookie();
  if (renewed) all.append("Set-Cookie", renewed);
  // An outcome the redirect reports is signed here for the signed-in person, once for every caller (banner-links.server.ts).
  return redirect(signOutcomeLink(url, auth.session), { headers: all });
}
