import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { GoogleButton } from "~/components/google-button";
import { buttonClass, Dialog, Icon } from "~/components/ui";
import { PublicPage, textLinkClass } from "./__public-page";
import { externalLinks } from "~/domain/external-links";
import { pageTitle } from "~/domain/page-title";
import {
  accountTypeOf,
  BILLING_PATH,
  billingPathFor,
  isQuotaConditionsOpen,
  planCardPrice,
  offeredPlans,
  parseRequestedPlan,
  planMatchesAccount,
  withQuotaConditions,
  wrongPlanTexts,
  type OfferedPlan,
} from "~/domain/wrong-plan";
import { offeredPlanStart } from "~/domain/checkout-flow";
import { spacePath } from "~/domain/space-paths";
import { requireSession } from "~/utils/auth.server";
import { loadMe } from "~/utils/me.server";
import { readLastWorkspaceId } from "~/utils/session.server";
import { billingSpace } from "../__current-space.server";

const HEADING_ID = "wrong-plan-heading";

/**
 * Reached from the pricing site (000 §2, §4, §6). A plan the account can buy
 * goes straight to billing, like a missing or unknown plan (nothing to
 * explain then); any other plan is explained here, and its card leads into
 * the checkout of the offered plan in the space billing would pick.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await requireSession({ request, context });
  const { search, searchParams } = new URL(request.url);
  const plan = parseRequestedPlan(searchParams.get("plan"));
  const [me, lastWorkspaceId] = await Promise.all([loadMe(auth), readLastWorkspaceId(request)]);
  const accountType = accountTypeOf(me.userEmail);
  if (!plan || planMatchesAccount(plan, accountType)) throw redirect(`${BILLING_PATH}${search}`);
  const space = billingSpace(me, lastWorkspaceId);
  return {
    plan,
    email: me.userEmail,
    accountType,
    quotaConditionsOpen: isQuotaConditionsOpen(searchParams),
    buyHref: space
      ? spacePath(space.urlPrefix, offeredPlanStart(space, accountType === "gmail"))
      : billingPathFor(searchParams, offeredPlans[accountType].plan),
  };
}

export default function WrongPlan() {
  const { plan, email, accountType, quotaConditionsOpen, buyHref } = useLoaderData<typeof loader>();
  const { pathname, search } = useLocation();
  const searchParams = new URLSearchParams(search);
  const closedHref = `${pathname}${withQuotaConditions(searchParams, false)}`;
  const offered = offeredPlans[accountType];

  return (
    <PublicPage labelledBy={HEADING_ID}>
      <h1 id={HEADING_ID} className="mb-3 text-2xl font-bold text-slate-900">
        {wrongPlanTexts.heading(plan, email)}
      </h1>
      <p className="mb-6 text-slate-700">{wrongPlanTexts.eligibility[accountType]}</p>
      <PlanCard
        offered={offered}
        buyHref={buyHref}
        quotaConditionsHref={`${pathname}${withQuotaConditions(searchParams, true)}`}
      />
      <p className="mb-3 mt-8 text-slate-700">{wrongPlanTexts.otherPlanQuestion[accountType]}</p>
      {/* Back here after switching: the other account then sees its own answer. */}
      <GoogleButton
        intent="switch-account"
        label={wrongPlanTexts.switchAccount}
        continueTo={closedHref}
        variant="secondary"
      />
      <p className="mt-6 text-center">
        <a className={textLinkClass} href={externalLinks.pricing}>
          {wrongPlanTexts.backToPricing}
        </a>
      </p>
      {quotaConditionsOpen ? <QuotaConditionsDialog closeHref={closedHref} /> : null}
    </PublicPage>
  );
}

function PlanCard({
  offered,
  buyHref,
  quotaConditionsHref,
}: {
  offered: OfferedPlan;
  buyHref: string;
  quotaConditionsHref: string;
}) {
  const texts = wrongPlanTexts.card;
  const titleId = "offered-plan-name";
  return (
    <article aria-labelledby={titleId} className="rounded-lg border border-brand-100 bg-brand-50 p-6">
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {offered.name}
      </h2>
      <p className="mt-2">
        <span className="text-3xl font-bold text-slate-900">{planCardPrice(offered.yearlyPriceUsd)}</span>{" "}
        <span className="text-slate-700">{texts.perMonth}</span>
      </p>
      <p className="text-sm text-slate-600">{texts.billedAnnually}</p>
      <ul className="my-4 space-y-1.5 text-slate-800">
        {[texts.recipientsPerDay(offered.recipientsPerDay), ...texts.features].map((feature) => (
          <li key={feature} className="flex items-center gap-2">
            <Icon name="check" className="h-4 w-4 text-green-600" />
            {feature}
          </li>
        ))}
      </ul>
      <p className="mb-5 text-sm">
        <Link className={textLinkClass} to={quotaConditionsHref} preventScrollReset>
          {texts.quotaConditions}
        </Link>
      </p>
      <Link className={buttonClass("primary", "w-full")} to={buyHref}>
        {texts.buy(offered.name)}
      </Link>
    </article>
  );
}

function QuotaConditionsDialog({ closeHref }: { closeHref: string }) {
  const texts = wrongPlanTexts.quotaDialog;
  return (
    <Dialog title={texts.title} closeTo={closeHref}>
      <div className="text-sm text-slate-700">
        <p className="mb-2">{texts.intro}</p>
        <ul className="mb-4 list-disc space-y-1 pl-6">
          {texts.conditions.map((condition) => (
            <li key={condition}>{condition}</li>
          ))}
        </ul>
        <p>{texts.gmailNote}</p>
      </div>
    </Dialog>
  );
}

export const meta = () => pageTitle(wrongPlanTexts.pageTitle);

export { FullPageErrorBoundary as ErrorBoundary } from "~/components/ui";
