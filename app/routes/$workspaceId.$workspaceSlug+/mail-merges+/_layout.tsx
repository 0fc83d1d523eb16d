import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useLoaderData, type ShouldRevalidateFunctionArgs } from "@remix-run/react";
import { buttonClass, PageHeading } from "~/components/ui";
import { MailMergesCards } from "./__mail-merges-cards";
import { MailMergesTabs } from "./__mail-merges-tabs";
import { mailMergesTexts } from "~/domain/mail-merges-frame";
import { isSameSpace } from "~/domain/space-paths";
import { pageTitle } from "~/domain/page-title";
import { loadMailMergesFrame } from "./frame.server";

/** The Mail merges page (002 §2): heading, tutorial link, summary cards and chart, the Scheduled and Sent tabs. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return loadMailMergesFrame({ request, params, context });
}

/**
 * The frame's numbers do not depend on the tab, the filters or a dialog:
 * they are loaded again only after a write (a cancelled merge changes the
 * scheduled count) or in another space.
 */
export function shouldRevalidate({
  currentParams,
  nextParams,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod.toUpperCase() !== "GET") return defaultShouldRevalidate;
  if (!isSameSpace(currentParams, nextParams)) return defaultShouldRevalidate;
  return false;
}

export default function MailMergesLayout() {
  const frame = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <PageHeading>{mailMergesTexts.heading}</PageHeading>
        <Link
          to="/get-started"
          className={buttonClass(frame.isFreePlan ? "secondary" : "primary", "hidden tablet:inline-flex")}
        >
          {mailMergesTexts.quickTutorial}
        </Link>
      </div>
      <MailMergesCards
        scheduledCount={frame.scheduledCount}
        sentThisMonth={frame.sentThisMonth}
        sentAllTime={frame.sentAllTime}
        months={frame.months}
      />
      <div className="space-y-5">
        <MailMergesTabs
          label={mailMergesTexts.tabs.label}
          tabs={[
            { label: mailMergesTexts.tabs.scheduled, href: frame.tabs.scheduled },
            { label: mailMergesTexts.tabs.sent, href: frame.tabs.sent },
          ]}
        />
        <Outlet />
      </div>
    </div>
  );
}

export const meta = () => pageTitle(mailMergesTexts.title);

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/ui";
