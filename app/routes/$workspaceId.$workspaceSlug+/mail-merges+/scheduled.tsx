import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { EmptyState, Pagination, PastTheEnd, SearchForm } from "~/components/ui/list-controls";
import { ScheduledCancelAlert } from "./__scheduled-cancel-alert";
import { ScheduledTable } from "./__scheduled-table";
import { buttonClass, Icon } from "~/components/ui";
import { listTexts } from "~/domain/list-texts";
import { pageTexts } from "~/domain/page-texts";
import { listSearch, scheduledTexts } from "~/domain/scheduled-merges";
import { loadScheduledList } from "./scheduled.server";

/**
 * The Scheduled tab (002 §2): the caller's scheduled mail merges in this
 * space, searchable by sheet title, sortable, 25 a page, all in the query
 * string; the detail dialog (scheduled/{id}) renders over it.
 */

export async function loader(args: LoaderFunctionArgs) {
  return loadScheduledList(args);
}

export default function ScheduledTab() {
  const { query, rows, hasNextPage, emptyReason, cancel, listPath } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const listQuery = listSearch(search);
  // The export takes the list's search and sort, not its page.
  const exportParams = new URLSearchParams(listQuery);
  exportParams.delete("page");
  const exportQuery = exportParams.toString();

  return (
    <section aria-labelledby="scheduled-heading" className="space-y-4">
      <h2 id="scheduled-heading" className="sr-only">
        {pageTexts.scheduled.heading}
      </h2>
      <ScheduledCancelAlert result={cancel} />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0 flex-1">
          <SearchForm
            label={scheduledTexts.searchLabel}
            placeholder={scheduledTexts.searchPlaceholder}
            q={query.q}
            keep={["sort", "dir"]}
          />
        </div>
        {/* A resource route: a plain link, so the browser downloads the file. */}
        <a
          href={`${listPath}.csv${exportQuery ? `?${exportQuery}` : ""}`}
          download
          className={buttonClass("secondary")}
        >
          <Icon name="download" className="h-4 w-4" />
          {scheduledTexts.exportCsv}
        </a>
      </div>

      {rows.length > 0 ? (
        <ScheduledTable rows={rows} query={query} listPath={listPath} listQuery={listQuery} />
      ) : emptyReason === "pastEnd" ? (
        <PastTheEnd page={query.page} />
      ) : emptyReason === "noMatch" ? (
        <EmptyState title={listTexts.noResults}>{scheduledTexts.noMatch}</EmptyState>
      ) : (
        <EmptyState title={listTexts.nothingToSee}>
          {scheduledTexts.emptyBefore}
          <Link to="/get-started" className="font-semibold text-brand-700 underline underline-offset-2">
            {scheduledTexts.getStarted}
          </Link>
          {scheduledTexts.emptyAfter}
        </EmptyState>
      )}
      <Pagination page={query.page} hasNextPage={hasNextPage} />

      {/* The detail dialog (scheduled/{id}) renders over the list. */}
      <Outlet />
    </section>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/ui";
