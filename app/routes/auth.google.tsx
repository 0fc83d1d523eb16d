import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { signInSchema } from "~/domain/auth-forms";
import { assertSafeWrite } from "~/utils/auth.server";
import { googleAuthenticator, newSignInProof } from "./auth.google.server";
import { safeRedirect } from "~/utils/safe-redirect";
import { authFlowSessionStorage } from "~/utils/session.server";

/** GET never starts a sign-in: the Google buttons are POST forms. */
export function loader() {
  return redirect("/login");
}

/**
 * Starts a Google sign-in for one of the login screen's intents. The intent
 * and the continue target ride along in the short-lived auth-flow cookie,
 * next to remix-auth's OAuth state.
 */
export async function action({ request }: ActionFunctionArgs) {
  await assertSafeWrite(request);
  const submission = parseWithZod(await request.formData(), { schema: signInSchema });
  if (submission.status !== "success") return redirect("/login?error=google");
  const { intent, loginHint } = submission.value;

  const storage = authFlowSessionStorage();
  const flow = await storage.getSession();
  flow.set("intent", intent);
  flow.set("continue", safeRedirect(submission.value.continue));
  const proof = newSignInProof();
  flow.set("codeVerifier", proof.codeVerifier);
  flow.set("nonce", proof.nonce);
  const flowCookie = (await storage.commitSession(flow)).split(";")[0]!;

  // Switching account, or creating one for another address, must let the person choose.
  const prompt = intent === "sign-in" && !loginHint ? undefined : "select_account";
  const authenticator = googleAuthenticator(request, proof, { prompt, loginHint });
  const startRequest = new Request(request.url, { method: "GET", headers: { Cookie: flowCookie } });
  // Always throws: the redirect to Google, carrying the flow cookie with the state.
  return authenticator.authenticate("google", startRequest);
}
