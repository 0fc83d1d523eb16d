import { createCookie, redirect, type Cookie } from "@remix-run/node";
import type { User } from "~/api/users.server";
import { canContinue, parseStep, resolveStep, type OnboardingStep } from "~/domain/onboarding";
import { requireSession } from "~/utils/auth.server";
import { secureCookiesEnabled } from "~/env.server";
import { loadMe } from "~/utils/me.server";
import { readSessionData } from "~/utils/session.server";

/** Long enough to come back from the marketplace tab; it only enables a button. */
const MARKETPLACE_VISIT_MAX_AGE_SECONDS = 24 * 60 * 60;

let visitCookie: Cookie | undefined;
/**
 * Remembers that the marketplace link was opened (000 §4), so the server can
 * enable step 2's Continue without JavaScript. Not signed: it grants nothing.
 */
export function marketplaceVisitCookie() {
  visitCookie ??= createCookie("yamm_marketplace_visited", {
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookiesEnabled(),
    path: "/",
    maxAge: MARKETPLACE_VISIT_MAX_AGE_SECONDS,
  });
  return visitCookie;
}

async function hasVisitedMarketplace(request: Request) {
  return (await marketplaceVisitCookie().parse(request.headers.get("Cookie"))) === true;
}

/**
 * The signed-in user, or null. 000 §4: only "a successful user status"
 * starts at step 2, so a user fetch that fails (no user yet, session gone)
 * shows step 1 instead of leaving the wizard.
 */
async function onboardingUser(request: Request): Promise<User | null> {
  if (!(await readSessionData(request))) return null;
  // Not caught: a token renewal answers with a redirect back here, carrying the new cookie.
  const auth = await requireSession({ request });
  try {
    return await loadMe(auth);
  } catch (error) {
    if (error instanceof Response) return null;
    throw error;
  }
}

export interface OnboardingView {
  step: OnboardingStep;
  /** Step 2's Continue: installed, or the marketplace was opened. */
  continueAllowed: boolean;
}

/** Loader of /signup and /get-started: the step comes from `?step=`, corrected to one the visitor may see. */
export async function loadOnboarding(request: Request): Promise<OnboardingView> {
  const url = new URL(request.url);
  const user = await onboardingUser(request);
  const continueAllowed =
    user !== null && canContinue(user.installationTimestamp, await hasVisitedMarketplace(request));
  const requested = parseStep(url.searchParams.get("step"));
  const step = resolveStep(requested, { signedIn: user !== null, continueAllowed });
  // The address always names the step on screen, so reloading or sharing it shows the same page.
  if (url.searchParams.has("step") && requested !== step) throw redirect(`${url.pathname}?step=${step}`);
  return { step, continueAllowed };
}
