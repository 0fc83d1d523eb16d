import { loginTexts } from "./login";

/** The onboarding wizard of /signup and /get-started (000 §2, §4 Onboarding). */

export const onboardingSteps = [1, 2, 3] as const;
export type OnboardingStep = (typeof onboardingSteps)[number];

/** How the three-step indicator shows a step (000 §2). */
export type StepState = "current" | "checked" | "clickable" | "upcoming";

export const onboardingTexts = {
  title: "Get started",
  progressLabel: "Onboarding progress",
  newTab: "(opens in a new tab)",
  stepLabels: {
    1: "Create your account",
    2: "Install the add-on",
    3: "Send your first merge",
  } satisfies Record<OnboardingStep, string>,
  /** Screen-reader suffixes: the indicator's ticks and colours are not the only clue. */
  stepStatus: { checked: "(done)", clickable: "(done, go back to this step)", upcoming: "(not started)" },
  welcome: {
    heading: "Welcome to YAMM!",
    intro: "Send personalised e-mails to a list of people, straight from Google Sheets.",
    createAccount: loginTexts.createAccount,
    haveAccount: "Already have an account?",
    signIn: "Sign in",
  },
  install: {
    heading: "Install the add-on",
    intro: "YAMM works inside Google Sheets. Install it from the Google Workspace Marketplace:",
    instructions: [
      "Click Install.",
      "Pick the Google account you want to send your e-mails from.",
      "Grant the permissions YAMM needs to send them.",
    ],
    screenshotAlt: "The YAMM listing on the Google Workspace Marketplace, with its Install button",
    goToMarketplace: "Go to Marketplace",
    returnNote: "Once installation is done, return to this window",
    continue: "Continue",
    mustInstall: "You must have YAMM installed to continue.",
    skip: "Skip the tutorial",
  },
  launch: {
    heading: "Open Google Sheets to launch YAMM",
    instructions: ["Open the Extensions menu.", "Choose Yet Another Mail Merge.", "Click Start Mail Merge."],
    videoAlt:
      "Animation: in Google Sheets, the Extensions menu opens, Yet Another Mail Merge is chosen, then Start Mail Merge.",
    openSheets: "Open Google Sheets",
    dashboard: "Take me to my dashboard",
  },
} as const;

export function parseStep(value: string | null): OnboardingStep | null {
  return onboardingSteps.find((step) => String(step) === value) ?? null;
}

/** Step 2's Continue is enabled once the add-on is installed or the marketplace was opened (000 §4). */
export function canContinue(installationTimestamp: number | null, visitedMarketplace: boolean) {
  return installationTimestamp !== null || visitedMarketplace;
}

/**
 * The step to show. Signed-out visitors only have step 1; signed-in users
 * start at step 2 (their account exists), and reach step 3 only through an
 * enabled Continue, so a typed `?step=3` cannot skip the install step.
 */
export function resolveStep(
  requested: OnboardingStep | null,
  { signedIn, continueAllowed }: { signedIn: boolean; continueAllowed: boolean },
): OnboardingStep {
  if (!signedIn) return 1;
  return requested === 3 && continueAllowed ? 3 : 2;
}

/**
 * The indicator: steps before the current one are done; a done step other
 * than the first (the account cannot be created twice) links back to itself.
 */
export function stepStates(current: OnboardingStep): Record<OnboardingStep, StepState> {
  const stateOf = (step: OnboardingStep): StepState => {
    if (step === current) return "current";
    if (step > current) return "upcoming";
    return step === 1 ? "checked" : "clickable";
  };
  return { 1: stateOf(1), 2: stateOf(2), 3: stateOf(3) };
}

export function stepHref(step: OnboardingStep) {
  return `?step=${step}`;
}

/** Where "Create a new account with Google" sends the new user once signed up. */
export const afterSignUpTarget = "/get-started?step=2";

/** The tiny route that remembers the marketplace visit, then forwards to the listing. */
export const marketplaceVisitPath = "/get-started/marketplace";
