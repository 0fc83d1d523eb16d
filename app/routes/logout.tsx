import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { revokeSession } from "~/api/auth-tokens.server";
import { assertSameOrigin } from "~/utils/auth.server";
import { destroySession, readSessionData } from "~/utils/session.server";

/** GET never signs anyone out. */
export function loader() {
  return redirect("/");
}

/** Logout is a POST: it revokes the backend session, then forgets the cookie. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const session = await readSessionData(request);
  // The cookie goes whatever the backend answers: the person asked to leave.
  if (session) await revokeSession(session).catch(() => undefined);
  return redirect("/login", { headers: { "Set-Cookie": await destroySession(request) } });
}
