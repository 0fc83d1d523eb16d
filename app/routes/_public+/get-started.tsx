import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { OnboardingWizard } from "./__onboarding-wizard";
import { onboardingTexts } from "~/domain/onboarding";
import { pageTitle } from "~/domain/page-title";
import { loadOnboarding } from "./__onboarding.server";

/** /signup and /get-started both show the onboarding wizard (000 §2); see onboarding.server.ts. */
export function loader({ request }: LoaderFunctionArgs) {
  return loadOnboarding(request);
}

export default function GetStarted() {
  const { step, continueAllowed } = useLoaderData<typeof loader>();
  return <OnboardingWizard step={step} continueAllowed={continueAllowed} />;
}

export const meta = () => pageTitle(onboardingTexts.title);

export { FullPageErrorBoundary as ErrorBoundary } from "~/components/ui";
