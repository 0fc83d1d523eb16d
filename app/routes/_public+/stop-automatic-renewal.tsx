import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { User } from "~/api/users.server";
import { GoogleButton } from "~/components/google-button";
import { buttonClass, lazyConformForm } from "~/components/ui";
import { PublicPage, textLinkClass } from "./__public-page";
import { ErrorResultPage, ResultPage } from "./__result-page";
import { externalLinks } from "~/domain/external-links";
import { pageTitle } from "~/domain/page-title";
import {
  canStopRenewal,
  parseRenewalResult,
  paypalPaymentsUrl,
  renewalResultPath,
  renewalTexts,
  renewalView,
  STOP_RENEWAL_INTENT,
  STOP_RENEWAL_PATH,
} from "~/domain/renewal";
import type { AuthContext } from "~/api/caller.server";
import { redirectInSession, requireSession } from "~/utils/auth.server";
import { parseStopRenewal, stopRenewal } from "./stop-automatic-renewal.server";
import { loadMe } from "~/utils/me.server";
import { readSessionData } from "~/utils/session.server";

const HEADING_ID = "renewal-heading";

const StopRenewalForm = lazyConformForm("stop-renewal-form", () =>
  import("./__stop-renewal-schema").then((module) => module.stopRenewalSchema),
);

/** The signed-in user, sent home unless their licence is paid through PayPal (000 §4, §6). */
async function requirePaypalLicence(auth: AuthContext): Promise<User> {
  const me = await loadMe(auth);
  if (!canStopRenewal(me.license)) throw redirect("/");
  return me;
}

/**
 * Open to everyone (000 §2): signed-out visitors are asked to sign in on the
 * page itself; the licence holder sees the question, or its renewal stopped.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const result = parseRenewalResult(new URL(request.url).searchParams.get("success"));
  if (!(await readSessionData(request))) return { view: renewalView(result, "signed-out") };
  const me = await requirePaypalLicence(await requireSession({ request, context }));
  return { view: renewalView(result, { autoRenew: me.license?.autoRenew ?? true }) };
}

/** Confirm cancellation: stop the renewal, then show the result at the same path (000 §4). */
export async function action({ request, context }: ActionFunctionArgs) {
  // Also refuses cross-site POSTs.
  const auth = await requireSession({ request, context });
  const submission = parseStopRenewal(await request.formData());
  if (submission.status !== "success") {
    // Only a tampered form gets here; say so rather than do nothing.
    return data(submission.reply({ formErrors: [renewalTexts.failure.title] }), { status: 400 });
  }
  const me = await requirePaypalLicence(auth);
  const result = await stopRenewal(auth, me.license?.subscriptionId);
  return redirectInSession(auth, renewalResultPath(result));
}

export default function StopAutomaticRenewal() {
  const { view } = useLoaderData<typeof loader>();
  if (view === "success") return <RenewalStopped />;
  if (view === "failure") return <ErrorResultPage />;
  return (
    <PublicPage labelledBy={HEADING_ID}>
      <h1 id={HEADING_ID} className="mb-4 text-2xl font-bold text-slate-900">
        {renewalTexts.heading}
      </h1>
      <p className="mb-6 text-slate-700">
        {renewalTexts.permanentBefore}{" "}
        <a className={textLinkClass} href={externalLinks.pricing}>
          {renewalTexts.pricingPage}
        </a>
        .
      </p>
      {view === "sign-in" ? <SignInPrompt /> : <ConfirmForm />}
    </PublicPage>
  );
}

function SignInPrompt() {
  return (
    <>
      <p className="mb-4 text-slate-700">{renewalTexts.signInPrompt}</p>
      <GoogleButton intent="sign-in" label={renewalTexts.signIn} continueTo={STOP_RENEWAL_PATH} />
    </>
  );
}

function ConfirmForm() {
  const navigation = useNavigation();
  const lastResult = useActionData<typeof action>();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <StopRenewalForm id="stop-renewal" method="post" lastResult={lastResult}>
      <input type="hidden" name="intent" value={STOP_RENEWAL_INTENT} />
      <button type="submit" disabled={busy} className={buttonClass("primary", "w-full")}>
        {busy ? renewalTexts.confirming : renewalTexts.confirm}
      </button>
      {busy ? (
        <p role="status" className="sr-only">
          {renewalTexts.confirming}
        </p>
      ) : null}
    </StopRenewalForm>
  );
}

function RenewalStopped() {
  const texts = renewalTexts.success;
  return (
    <ResultPage tone="success" title={texts.title}>
      <p>
        {texts.messageBefore}{" "}
        <a className={textLinkClass} href={paypalPaymentsUrl}>
          {texts.provider}
        </a>
        .
      </p>
    </ResultPage>
  );
}

export const meta = () => pageTitle(renewalTexts.pageTitle);

export { FullPageErrorBoundary as ErrorBoundary } from "~/components/ui";
