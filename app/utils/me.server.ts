import { getMe, type User } from "~/api/users.server";
import { isBackendError } from "~/api/http.server";
import type { AuthContext } from "~/api/caller.server";
import { signOutRedirect } from "./auth.server";

/**
 * `me` with the spec's rules (000 §4): a 401 already got its one refresh in
 * the client; 404 means no-user; any other failure is retried once, then the
 * session is cleared.
 */
export async function loadMe(auth: AuthContext): Promise<User> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await getMe(auth);
    } catch (error) {
      if (error instanceof Response) throw error;
      if (isBackendError(error, 404)) return signOutRedirect(auth.request, "no-user", auth.session.email);
      if (attempt >= 2) return signOutRedirect(auth.request);
    }
  }
}
