import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Banner, buttonClass, PageHeading, ErrorReference, GeneralErrorBoundary } from "~/components/ui";
import { EmptyState, Pagination, SearchForm } from "~/components/ui/list-controls";
import { TeamReportCards } from "./__team-report-cards";
import { TeamReportTable } from "./__team-report-table";
import { listTexts } from "~/domain/list-texts";
import { pageTitle } from "~/domain/page-title";
import { pageTexts } from "~/domain/page-texts";
import { teamReportTexts } from "~/domain/team-report";
import { loadTeamReport } from "./team-report.server";

/**
 * The team report (002 §2): summary cards and a sortable, searchable, paged
 * table of the space's members, all of it in the URL (`q`, `sort`, `dir`,
 * `page`), plus a CSV export of the current filters. Without the
 * canAccessTeamReport feature the page answers 403 with a not-authorised view.
 */
export async function loader(args: LoaderFunctionArgs) {
  return loadTeamReport(args);
}

export default function TeamReport() {
  const page = useLoaderData<typeof loader>();
  if (!page.authorised) return <NotAuthorised homeHref={page.homeHref} />;

  const hasFilter = page.query.q !== "" || page.query.page > 1;
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <PageHeading>{pageTexts.teamReport.heading}</PageHeading>
        <p className="text-slate-600">{page.description}</p>
      </header>
      <TeamReportCards summary={page.summary} />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0 flex-1">
          <SearchForm
            label={teamReportTexts.search.label}
            placeholder={teamReportTexts.search.placeholder}
            q={page.query.q}
            keep={["sort", "dir"]}
          />
        </div>
        {/* A download, not a page: the browser fetches it directly. */}
        <a href={page.csvHref} download className={buttonClass("secondary")}>
          {teamReportTexts.exportCsv}
        </a>
      </div>
      {page.rows.length > 0 ? (
        <div>
          <TeamReportTable rows={page.rows} query={page.query} />
          <Pagination page={page.query.page} hasNextPage={page.hasNextPage} />
        </div>
      ) : hasFilter ? (
        <div>
          <EmptyState title={listTexts.noResults}>{teamReportTexts.noMatch}</EmptyState>
          <Pagination page={page.query.page} hasNextPage={false} />
        </div>
      ) : (
        <EmptyState title={listTexts.nothingToSee}>{teamReportTexts.empty}</EmptyState>
      )}
    </div>
  );
}

function NotAuthorised({ homeHref }: { homeHref: string }) {
  const texts = teamReportTexts.notAuthorised;
  return (
    <section
      aria-labelledby="not-authorised-title"
      className="mx-auto flex max-w-lg flex-col items-center gap-3 py-16 text-center"
    >
      <h1 id="not-authorised-title" className="text-2xl font-bold text-slate-900">
        {texts.title}
      </h1>
      <p className="text-slate-700">{texts.message}</p>
      <Link to={homeHref} className={buttonClass("primary", "mt-2")}>
        {texts.back}
      </Link>
    </section>
  );
}

export const meta = () => pageTitle(pageTexts.teamReport.title);

/** A failed load keeps the shell: the page says so instead of the whole app's error screen. */
export function ErrorBoundary() {
  return <GeneralErrorBoundary fallback={TeamReportFailed} />;
}

function TeamReportFailed() {
  return (
    <div className="flex flex-col gap-6">
      <PageHeading>{pageTexts.teamReport.heading}</PageHeading>
      <Banner tone="error" title={teamReportTexts.error}>
        <ErrorReference className="mt-1" />
      </Banner>
    </div>
  );
}
