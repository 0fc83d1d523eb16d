import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { Banner, BannerCloseLink, buttonClass, PageHeading } from "~/components/ui";
import { BILLING_INTENTS, CONFIRM_PARAM } from "~/domain/billing-intents";
import { billingTexts } from "~/domain/billing-texts";
import { pageTitle } from "~/domain/page-title";
import { pageTexts } from "~/domain/page-texts";
import { DowngradeBanner } from "../__billing/downgrade-banner";
import { SubscriptionChanges } from "./__billing-page/changes";
import { CurrentPlanCard } from "./__billing-page/current-plan-card";
import { IntervalChangeNotice } from "./__billing-page/interval-change";
import { LegacyUpsell, PlanCards } from "./__billing-page/plan-cards";
import { billingAction, loadBillingPage } from "./billing.server";

/** Billing needs billing access, except on a free space (001 §2); others go to the space root. */
export const loader = (args: LoaderFunctionArgs) => loadBillingPage(args);

export const action = (args: ActionFunctionArgs) => billingAction(args);

/** The billing page (001 §2). */
export default function BillingPage() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { pathname } = useLocation();
  return (
    <>
      <PageHeading>{pageTexts.billing.heading}</PageHeading>
      <div className="mt-6 flex flex-col gap-3 empty:hidden">
        {page.success ? (
          <Banner
            tone="success"
            title={page.success.title}
            detail={page.success.detail ?? undefined}
            dismiss={<BannerCloseLink to={pathname} />}
          >
            {page.success.manageMembers ? (
              <Link to={page.success.manageMembers} className={buttonClass("secondary", "mt-2")}>
                {billingTexts.success.manageMembers}
              </Link>
            ) : null}
          </Banner>
        ) : null}
        {page.duplicateRefund ? (
          <Banner tone="info" title={billingTexts.duplicateRefund.title} detail={page.duplicateRefund} />
        ) : null}
        {page.flag ? (
          <Banner tone="error" title={billingTexts.flags[page.flag]} dismiss={<BannerCloseLink to={pathname} />} />
        ) : null}
        <DowngradeBanner removal={page.removal} isOwner={page.role === "OWNER"} />
        {page.intervalChange ? (
          <IntervalChangeNotice
            change={page.intervalChange}
            confirmTo={`${pathname}?${CONFIRM_PARAM}=${BILLING_INTENTS.cancelIntervalChange}`}
            closeTo={pathname}
            error={answer && "intervalChangeError" in answer ? answer.intervalChangeError : null}
          />
        ) : null}
      </div>
      <div className="mt-6">
        <CurrentPlanCard current={page.current} canOpenPortal={page.canOpenPortal} />
      </div>
      {page.changes ? <SubscriptionChanges changes={page.changes} /> : null}
      <PlanCards cards={page.planCards} />
      {page.legacyUpsell ? <LegacyUpsell upsell={page.legacyUpsell} /> : null}
    </>
  );
}

export const meta = () => pageTitle(pageTexts.billing.title);

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/ui";
