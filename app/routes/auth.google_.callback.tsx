import { withDeadline } from "~/api/deadline.server";
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { exchangeIdToken, revokeSession } from "~/api/auth-tokens.server";
import { logEvent } from "~/api/events.server";
import { isBackendError } from "~/api/http.server";
import { createUser, getMe } from "~/api/users.server";
import { bannerQuery } from "~/domain/banners";
import { authIntents, type AuthIntent } from "~/domain/auth-forms";
import { loginPath, type LoginError } from "~/domain/login";
import { spacePath, spaceSections } from "~/domain/space-paths";
import { authContextFor } from "~/utils/auth.server";
import { signOutcomeLink } from "~/utils/banner-links.server";
import { googleAuthenticator, type GoogleSignIn } from "./auth.google.server";
import { safeRedirect } from "~/utils/safe-redirect";
import type { SessionData } from "~/api/caller.server";
import { authFlowSessionStorage, commitSessionData, readSessionData } from "~/utils/session.server";

/**
 * Google sends the person back here. We read Google's answer, open a backend
 * session with the ID token, then fetch the user (000 §4 Login): 404 with the
 * create intent creates the user; 404 otherwise is no-user.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const storage = authFlowSessionStorage();
  const cookieHeader = request.headers.get("Cookie");
  const flow = await storage.getSession(cookieHeader);
  if (!flow.has("oauth2:state")) {
    // No state cookie came back at all: the browser refuses our cookies.
    if (!cookieHeader) throw redirect("/cookies-disabled");
    throw fail("google");
  }
  const intent: AuthIntent = authIntents.find((value) => value === flow.get("intent")) ?? "sign-in";
  const continueTo = safeRedirect(flow.get("continue"));
  const proof = { codeVerifier: flow.get("codeVerifier") ?? "", nonce: flow.get("nonce") ?? "" };
  const clearFlow = await storage.destroySession(flow);
  if (!proof.codeVerifier || !proof.nonce) throw fail("google", { clearFlow, continueTo });

  let google: GoogleSignIn;
  let session: SessionData;
  try {
    // The OAuth library fetches the token without a deadline: the whole exchange gets one.
    google = await withDeadline(googleAuthenticator(request, proof).authenticate("google", request));
    session = { ...(await exchangeIdToken(google.idToken)), email: google.email };
  } catch (error) {
    if (error instanceof Response && error.status >= 300 && error.status < 400) throw error;
    throw fail("google", { clearFlow, continueTo });
  }

  const auth = authContextFor(request, session);
  let target = continueTo;
  try {
    await getMe(auth);
  } catch (error) {
    if (!isBackendError(error, 404)) throw fail("google", { clearFlow, continueTo });
    if (intent !== "create-account") {
      await revokeSession(session).catch(() => undefined);
      throw fail("no-user", { clearFlow, continueTo, email: google.email });
    }
    try {
      const user = await createUser(auth);
      const home =
        user.userWorkspaces.find((space) => space.workspaceId === user.addonWorkspaceId) ?? user.userWorkspaces[0];
      // A sign-up that knows where it goes (the onboarding wizard) keeps going there.
      if (home && continueTo === "/") {
        target = `${spacePath(home.urlPrefix, spaceSections.sent)}?${bannerQuery({ banner: "welcome" })}`;
      }
    } catch {
      await revokeSession(session).catch(() => undefined);
      throw fail("can-not-create-user", { clearFlow, continueTo });
    }
  }

  await logEvent(auth, "login", { intent, scope: google.scope });
  // The cookie's earlier session (switch account, or a sign-in over one) is replaced: end it at the backend too.
  const previous = await readSessionData(request);
  if (previous && previous.sessionId !== session.sessionId) await revokeSession(previous).catch(() => undefined);
  const headers = new Headers();
  headers.append("Set-Cookie", clearFlow);
  headers.append("Set-Cookie", await commitSessionData(request, session));
  // The welcome banner of a sign-up is an outcome: signed for this person, as every redirect's (issue 34).
  return redirect(signOutcomeLink(target, session), { headers });
}

function fail(
  error: LoginError,
  { clearFlow, continueTo, email }: { clearFlow?: string; continueTo?: string; email?: string } = {},
) {
  const headers = new Headers();
  if (clearFlow) headers.append("Set-Cookie", clearFlow);
  return redirect(loginPath({ error, email, continueTo }), { headers });
}
