import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GoogleButton } from "~/components/google-button";
import { Banner } from "~/components/ui";
import { checkoutTexts } from "~/domain/checkout-texts";
import { perUserTexts } from "~/domain/per-user-texts";
import { INFORMATION_INTENTS } from "~/domain/checkout-flow";
import { pageTitle } from "~/domain/page-title";
import { CheckoutHeader } from "./__steps/checkout-header";
import { InformationForm } from "./__steps/information-form";
import { QuoteSummary } from "./__steps/quote-summary";
import { useReloadWhenRestored } from "./__steps/reload-when-restored";
import { informationAction, loadInformation } from "./information.server";

export const loader = (args: LoaderFunctionArgs) => loadInformation(args);
export const action = (args: ActionFunctionArgs) => informationAction(args);

/** Billing information (001 §2, §5), then Stripe's hosted Checkout. */
export default function InformationStep() {
  const page = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  useReloadWhenRestored();
  const texts = checkoutTexts.information;
  return (
    <>
      <CheckoutHeader title={checkoutTexts.titles.upgrading(page.spaceName)} {...page.header} />
      {page.wrongDomain && page.domain ? (
        <div className="mb-6">
          <Banner tone="info" title={texts.wrongDomain(page.domain)}>
            <div className="mt-2 max-w-xs">
              <GoogleButton
                intent="switch-account"
                label={texts.switchAccount}
                continueTo={page.continueTo}
                variant="secondary"
              />
            </div>
          </Banner>
        </div>
      ) : null}
      {page.paypalLicenceDaysLeft !== null ? (
        <div className="mb-6">
          <Banner
            tone="info"
            title={perUserTexts.paypalLicence.title}
            detail={perUserTexts.paypalLicence.detail(page.paypalLicenceDaysLeft)}
          />
        </div>
      ) : null}
      <div className="grid gap-6 laptop:grid-cols-[minmax(0,1fr)_20rem]">
        <InformationForm
          key={refused ? "refused" : page.form.country}
          values={refused?.values ?? page.form}
          errors={refused?.errors ?? {}}
          domain={page.domain}
          countries={page.countries}
          idempotencyKey={page.idempotencyKey}
          disabled={page.wrongDomain || !page.quote}
          intents={INFORMATION_INTENTS}
        />
        {page.quote && page.summary ? (
          <QuoteSummary
            quote={page.quote}
            plan={page.summary.plan ?? null}
            lines={page.summary.lines}
            billed={page.summary.billed}
          />
        ) : (
          <p role="alert" className="text-sm text-red-700">
            {checkoutTexts.errors.plansMissing}
          </p>
        )}
      </div>
    </>
  );
}

export const meta = ({ data }: { data?: { spaceName: string } }) =>
  pageTitle(checkoutTexts.titles.upgrading(data?.spaceName ?? ""));

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/ui";
