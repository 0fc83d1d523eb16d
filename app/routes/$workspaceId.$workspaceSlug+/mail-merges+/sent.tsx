import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation, type ShouldRevalidateFunctionArgs } from "@remix-run/react";
import { buttonClass, Icon, ErrorReference, GeneralErrorBoundary } from "~/components/ui";
import { EmptyState, FilterSelect, Pagination, PastTheEnd, SearchForm } from "~/components/ui/list-controls";
import { SentTable } from "./__sent-table";
import { DEFAULT_DATE_RANGE, dateRangeLabels, dateRanges } from "~/domain/date-ranges";
import { listHref } from "~/domain/list-query";
import { sentListOptions, sentTexts, type SentListQuery } from "~/domain/mail-merges";
import { isSameSpace } from "~/domain/space-paths";
import { loadSentList } from "./sent.server";

/** The date filter's choices, the same on every page (kept out of the loader's data). */
const rangeOptions = dateRanges.map((value) => ({ value, label: dateRangeLabels[value] }));

/**
 * The Sent tab (002 §2): every filter is in the query string (q, range, sort,
 * dir, page). No meta of its own: the page's title is "Mail merges" (002 §2).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return loadSentList({ request, params, context });
}

/**
 * Opening, switching or closing a detail dialog keeps the list's query: the
 * list stays as it is (the dialog's 30-second refresh does not reload it either).
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  currentParams,
  nextParams,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod.toUpperCase() !== "GET") return defaultShouldRevalidate;
  if (isSameSpace(currentParams, nextParams) && currentUrl.search === nextUrl.search) return false;
  return defaultShouldRevalidate;
}

export default function SentTab() {
  const { query, rows, detailHref, hasNextPage, emptyReason, csvHref } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="sent-heading" className="space-y-4">
      <h2 id="sent-heading" className="sr-only">
        {sentTexts.title}
      </h2>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0 flex-1">
          <SearchForm
            label={sentTexts.searchLabel}
            placeholder={sentTexts.searchPlaceholder}
            q={query.q}
            keep={["sort", "dir"]}
            defaults={{ range: DEFAULT_DATE_RANGE }}
          >
            <FilterSelect label={sentTexts.rangeLabel} name="range" value={query.range} options={rangeOptions} />
          </SearchForm>
        </div>
        {/* A plain link: the browser downloads the file (Remix must not navigate to it). */}
        <a href={csvHref} download className={buttonClass("secondary", "hidden tablet:inline-flex")}>
          <Icon name="download" className="h-4 w-4" />
          {sentTexts.exportCsv}
        </a>
      </div>
      {rows.length > 0 ? (
        <SentTable rows={rows} detailHref={detailHref} query={query} options={sentListOptions} />
      ) : emptyReason === "pastEnd" ? (
        <PastTheEnd page={query.page} />
      ) : emptyReason === "noMatch" ? (
        <EmptyState title={sentTexts.noMatch.title}>{sentTexts.noMatch.text}</EmptyState>
      ) : emptyReason === "outOfRange" ? (
        <OutOfRange query={query} />
      ) : (
        <EmptyState title={sentTexts.empty.title}>
          {sentTexts.empty.before}
          <Link to="/get-started" className="font-semibold text-brand-700 underline hover:text-brand-900">
            {sentTexts.empty.link}
          </Link>
          {sentTexts.empty.after}
        </EmptyState>
      )}
      <Pagination page={query.page} hasNextPage={hasNextPage} />
      {/* The detail dialog renders over the list. */}
      <Outlet />
    </section>
  );
}

/** Merges exist, none in the date range: say so, and offer them all. */
function OutOfRange({ query }: { query: SentListQuery }) {
  const { pathname, search } = useLocation();
  return (
    <EmptyState title={sentTexts.outOfRange.title}>
      {sentTexts.outOfRange.text(dateRangeLabels[query.range])}
      <Link
        to={listHref(pathname, search, { range: "ALL_TIME" })}
        className="font-semibold text-brand-700 underline hover:text-brand-900"
      >
        {sentTexts.outOfRange.widen}
      </Link>
      {sentTexts.outOfRange.after}
    </EmptyState>
  );
}

/** A failing list is told in place of the table; the page's frame and tabs stay. */
export function ErrorBoundary() {
  return <GeneralErrorBoundary fallback={SentListFailed} />;
}

function SentListFailed() {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-6 py-10 text-center">
      <p className="text-lg font-semibold text-red-900">{sentTexts.failed.title}</p>
      <p className="mt-1 text-red-800">{sentTexts.failed.text}</p>
      <ErrorReference className="mt-1 text-sm text-red-800" />
    </div>
  );
}
