import { Link } from "@remix-run/react";
import { useState, type MouseEvent } from "react";
import { externalLinks } from "~/domain/external-links";
import {
  afterSignUpTarget,
  marketplaceVisitPath,
  onboardingSteps,
  onboardingTexts,
  stepHref,
  stepStates,
  type OnboardingStep,
  type StepState,
} from "~/domain/onboarding";
import { ConsentNote } from "./__consent-note";
import { GoogleButton } from "~/components/google-button";
import { Icon, buttonClass } from "~/components/ui";
import { PublicPage, textLinkClass } from "./__public-page";

const HEADING_ID = "onboarding-heading";
const headingClass = "mb-4 text-2xl font-bold text-slate-900";

/** The three-step wizard of /signup and /get-started (000 §2 Onboarding wizard). */
export function OnboardingWizard({ step, continueAllowed }: { step: OnboardingStep; continueAllowed: boolean }) {
  return (
    <PublicPage labelledBy={HEADING_ID} width="wide">
      <StepIndicator current={step} />
      {step === 1 ? <WelcomeStep /> : step === 2 ? <InstallStep continueAllowed={continueAllowed} /> : <LaunchStep />}
    </PublicPage>
  );
}

function StepIndicator({ current }: { current: OnboardingStep }) {
  const states = stepStates(current);
  return (
    <nav aria-label={onboardingTexts.progressLabel} className="mb-8">
      <ol className="grid grid-cols-3 gap-2 border-b border-slate-200 pb-6">
        {onboardingSteps.map((step) => (
          <li key={step}>
            <StepItem step={step} state={states[step]} />
          </li>
        ))}
      </ol>
    </nav>
  );
}

function StepItem({ step, state }: { step: OnboardingStep; state: StepState }) {
  const label = onboardingTexts.stepLabels[step];
  const content = (
    <>
      <span
        aria-hidden="true"
        className={`flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold ${
          state === "current"
            ? "bg-brand-600 text-white"
            : state === "upcoming"
              ? "border border-slate-300 text-slate-500"
              : "bg-brand-100 text-brand-700"
        }`}
      >
        {state === "checked" || state === "clickable" ? <Icon name="check" className="h-4 w-4" /> : step}
      </span>
      <span className={state === "current" ? "font-semibold text-slate-900" : "text-slate-600"}>
        {label}
        {state === "current" ? null : <span className="sr-only"> {onboardingTexts.stepStatus[state]}</span>}
      </span>
    </>
  );
  const layout = "flex flex-col items-center gap-2 text-center text-sm mobile:flex-row mobile:text-left";
  if (state === "clickable") {
    return (
      <Link to={stepHref(step)} className={`${layout} rounded-md hover:underline`}>
        {content}
      </Link>
    );
  }
  return (
    <span className={layout} aria-current={state === "current" ? "step" : undefined}>
      {content}
    </span>
  );
}

function WelcomeStep() {
  const texts = onboardingTexts.welcome;
  return (
    <div className="mx-auto max-w-md">
      <h1 id={HEADING_ID} className={headingClass}>
        {texts.heading}
      </h1>
      <p className="mb-6 text-slate-700">{texts.intro}</p>
      {/* Always shown: the Google client id has a default, so sign-up is always configured (000 §2). */}
      <GoogleButton intent="create-account" label={texts.createAccount} continueTo={afterSignUpTarget} />
      <ConsentNote />
      <p className="mt-6 text-slate-700">
        {texts.haveAccount}{" "}
        <Link className={textLinkClass} to="/login">
          {texts.signIn}
        </Link>
      </p>
    </div>
  );
}

function InstallStep({ continueAllowed }: { continueAllowed: boolean }) {
  const texts = onboardingTexts.install;
  // With JavaScript the page reacts to the click at once; without it the
  // marketplace route's cookie tells the server, which checks Continue anyway.
  const [visited, setVisited] = useState(continueAllowed);
  const markVisited = () => setVisited(true);
  const marketplaceLink = {
    href: marketplaceVisitPath,
    target: "_blank",
    rel: "noopener",
    onClick: markVisited,
  } as const;

  return (
    <div>
      <h1 id={HEADING_ID} className={headingClass}>
        {texts.heading}
      </h1>
      <p className="mb-3 text-slate-700">{texts.intro}</p>
      <ol className="mb-6 list-decimal space-y-1 pl-6 text-slate-700">
        {texts.instructions.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ol>
      <a
        {...marketplaceLink}
        className="mb-6 block overflow-hidden rounded-lg ring-1 ring-slate-200 hover:ring-brand-500"
      >
        <img
          src="/images/marketplace-listing.svg"
          alt={`${texts.screenshotAlt} ${onboardingTexts.newTab}`}
          width={800}
          height={420}
          className="h-auto w-full"
        />
      </a>
      <div className="flex flex-col items-start gap-6">
        <a {...marketplaceLink} className={buttonClass("primary", visited ? "" : "motion-safe:animate-pulse-ring")}>
          {texts.goToMarketplace}
          <span className="sr-only"> {onboardingTexts.newTab}</span>
          <ExternalLinkIcon />
        </a>
        <p className="text-slate-700">{texts.returnNote}</p>
        <ContinueLink enabled={visited} />
        <Link className={textLinkClass} to="/">
          {texts.skip}
        </Link>
      </div>
    </div>
  );
}

/**
 * A link rather than a disabled button: without JavaScript the page cannot
 * learn about the visit made in the other tab, so the server decides whether
 * step 3 opens (it sends the visitor back to step 2 otherwise).
 */
function ContinueLink({ enabled }: { enabled: boolean }) {
  const texts = onboardingTexts.install;
  const tooltipId = "continue-tooltip";
  const blockWhenDisabled = (event: MouseEvent) => {
    if (!enabled) event.preventDefault();
  };
  return (
    <div className="flex flex-col items-start gap-2">
      <Link
        to={stepHref(3)}
        onClick={blockWhenDisabled}
        aria-disabled={enabled ? undefined : true}
        aria-describedby={enabled ? undefined : tooltipId}
        title={enabled ? undefined : texts.mustInstall}
        className={buttonClass(
          "primary",
          `min-w-32 ${enabled ? "motion-safe:animate-pulse-ring" : "cursor-not-allowed opacity-60"}`,
        )}
      >
        {texts.continue}
      </Link>
      {enabled ? null : (
        <p id={tooltipId} role="tooltip" className="rounded-md bg-slate-800 px-3 py-1.5 text-sm text-white">
          {texts.mustInstall}
        </p>
      )}
    </div>
  );
}

function LaunchStep() {
  const texts = onboardingTexts.launch;
  return (
    <div>
      <h1 id={HEADING_ID} className={headingClass}>
        {texts.heading}
      </h1>
      <ol className="mb-6 list-decimal space-y-1 pl-6 text-slate-700">
        {texts.instructions.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ol>
      <img
        src="/images/start-mail-merge.svg"
        alt={texts.videoAlt}
        width={800}
        height={450}
        className="mb-6 h-auto w-full rounded-lg ring-1 ring-slate-200"
      />
      <div className="flex flex-col items-start gap-4 mobile:flex-row mobile:items-center">
        <a
          href={externalLinks.newSpreadsheet}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass("primary")}
        >
          {texts.openSheets}
          <span className="sr-only"> {onboardingTexts.newTab}</span>
          <ExternalLinkIcon />
        </a>
        <Link className={textLinkClass} to="/">
          {texts.dashboard}
        </Link>
      </div>
    </div>
  );
}

/** Marks the links that open a new tab (the icon set has no such glyph). */
function ExternalLinkIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="1.8">
      <path d="M11 4h5v5M16 4l-7 7M14 12v4H4V6h4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
