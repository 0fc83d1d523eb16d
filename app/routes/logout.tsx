import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { revokeSession } from "~/api/auth-tokens.server";
import { logoutSchema } from "~/domain/auth-forms";
import { assertSafeWrite } from "~/utils/auth.server";
import { destroySession, readSessionData } from "~/utils/session.server";

/** GET never signs anyone out. */
export function loader() {
  return redirect("/");
}

/** Logout is a POST: it revokes the backend session, then forgets the cookie. */
export async function action({ request }: ActionFunctionArgs) {
  await assertSafeWrite(request);
  // Nothing to read, but a form of another shape is no logout.
  if (parseWithZod(await request.formData(), { schema: logoutSchema }).status !== "success") return redirect("/");
  const session = await readSessionData(request);
  // The cookie goes whatever the backend answers: the person asked to leave.
  if (session) await revokeSession(session).catch(() => undefined);
  return redirect("/login", { headers: { "Set-Cookie": await destroySession(request) } });
}
