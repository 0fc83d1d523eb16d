import { Form, Link, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useRef, type MouseEvent, type ReactNode } from "react";
import { listHref, MAX_SEARCH_LENGTH, sortHref, type ListQuery, type SortDir } from "~/domain/list-query";
import { listTexts } from "~/domain/list-texts";
import { buttonClass } from "./button";
import { focusByScript } from "./focus";

/** 002 §5: search text is debounced 200 ms. */
const SEARCH_DEBOUNCE_MS = 200;

/** The history entries the search box made by itself carry this state. */
interface SearchTypingState {
  searchTyping: true;
}
const isSearchTypingEntry = (state: unknown) => (state as Partial<SearchTypingState> | null)?.searchTyping === true;

/**
 * Where the form leads, as the canonical URL (issue 9): empty fields and
 * values equal to their default (`defaults`) left out, the list's parameters
 * in their one order, page 1. Without JavaScript the browser sends the raw
 * form and the loader redirects to this same URL.
 */
function canonicalFormHref(form: HTMLFormElement, defaults: Record<string, string>) {
  const params = new URLSearchParams();
  for (const [key, raw] of new FormData(form)) {
    const value = typeof raw === "string" ? raw.trim() : "";
    if (value !== "" && defaults[key] !== value) params.append(key, value);
  }
  return listHref(new URL(form.action).pathname, params, {});
}

/**
 * A list's filters: a GET form, so it works without JavaScript (Search
 * button). With JavaScript the search box submits itself after the spec's
 * debounce; the first such search after any other navigation (a sort, a
 * page) makes a history entry of its own, later keystrokes replace it, so
 * Back undoes the typing and not the sort before it. The box follows the
 * URL: after Back it shows the search of the rows shown. Parameters owned by
 * other controls (`keep`) ride along as hidden fields; the page always goes back to 1.
 */
export function SearchForm({
  label,
  placeholder,
  q,
  keep = [],
  defaults = {},
  children,
}: {
  label: string;
  placeholder?: string;
  q: string;
  /** Query parameters to keep, e.g. ["range", "sort", "dir"]; a repeated one keeps every value. */
  keep?: string[];
  /** Field values that are the list's defaults, left out of the URL (e.g. the default date range). */
  defaults?: Record<string, string>;
  /** More filter fields of the same form (e.g. a date-range select). */
  children?: ReactNode;
}) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const navigate = useNavigate();
  const timer = useRef<number>();
  const box = useRef<HTMLInputElement>(null);
  /** What the box last sent by itself: when its rows arrive, the box keeps what was typed since. */
  const sent = useRef<string | null>(null);
  const onTypingEntry = useRef(false);
  onTypingEntry.current = isSearchTypingEntry(location.state);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  useEffect(() => {
    const ownAnswer = sent.current !== null && sent.current.trim() === q;
    sent.current = null;
    if (box.current && !ownAnswer) box.current.value = q;
  }, [q]);

  const go = (form: HTMLFormElement, typing: boolean) => {
    const state: SearchTypingState | undefined = typing ? { searchTyping: true } : undefined;
    navigate(canonicalFormHref(form, defaults), {
      replace: typing && onTypingEntry.current,
      state,
      preventScrollReset: true,
    });
  };

  return (
    <Form
      method="get"
      role="search"
      onSubmit={(event) => {
        // A search sent now (Enter, the button) replaces the pending one: it would fire later and undo a click made since.
        window.clearTimeout(timer.current);
        event.preventDefault();
        go(event.currentTarget, false);
      }}
      className="flex flex-wrap items-end gap-3"
      aria-label={label}
    >
      {keep.flatMap((key) =>
        params
          .getAll(key)
          .map((value, index) => <input key={`${key}-${index}`} type="hidden" name={key} value={value} />),
      )}
      <label className="flex min-w-[14rem] flex-1 flex-col gap-1 text-sm font-medium text-slate-700">
        {label}
        <input
          ref={box}
          type="search"
          name="q"
          defaultValue={q}
          placeholder={placeholder}
          maxLength={MAX_SEARCH_LENGTH}
          // Without JavaScript, Back reloads the page: a browser restoring the typed text would contradict the rows.
          autoComplete="off"
          className="rounded-md border border-slate-300 px-3 py-2 text-sm font-normal shadow-sm"
          onChange={(event) => {
            const form = event.currentTarget.form!;
            window.clearTimeout(timer.current);
            timer.current = window.setTimeout(() => {
              sent.current = event.target.value;
              go(form, true);
            }, SEARCH_DEBOUNCE_MS);
          }}
        />
      </label>
      {children}
      <button type="submit" className={buttonClass("secondary")}>
        {listTexts.search}
      </button>
    </Form>
  );
}

/**
 * A filter's <select>, inside a SearchForm. Without JavaScript it goes with
 * the Search button. With JavaScript it submits the form itself: at once for
 * a choice picked from the opened list (with the pointer, or with the
 * keyboard and Enter); for one made with the keyboard on the closed select
 * (each arrow or letter key changes its value) on Enter or when focus
 * leaves it. Focus stays on it while the list reloads.
 */
export function FilterSelect({
  label,
  name,
  value,
  options,
}: {
  label: string;
  name: string;
  value: string;
  options: Array<{ value: string; label: string }>;
}) {
  const ref = useRef<HTMLSelectElement>(null);
  const inKeyEvent = useRef(false);
  // A back or forward navigation shows the URL's value (set here: a select keyed by it would be remounted, losing focus).
  useEffect(() => {
    if (ref.current) ref.current.value = value;
  }, [value]);
  const submitIfChanged = (select: HTMLSelectElement) => {
    if (select.value === value) return false;
    // Through the form's own submit, which leads to the canonical URL.
    select.form?.requestSubmit();
    return true;
  };
  // A key changes the closed select while its event is handled; a change after it comes from the opened list.
  const markKeyEvent = () => {
    inKeyEvent.current = true;
    window.setTimeout(() => (inKeyEvent.current = false));
  };

  return (
    <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
      {label}
      <select
        ref={ref}
        name={name}
        defaultValue={value}
        onKeyDown={(event) => {
          markKeyEvent();
          // The Enter that sends a choice must not also open the list (as it does in Chromium on Linux).
          if (event.key === "Enter" && submitIfChanged(event.currentTarget)) event.preventDefault();
        }}
        // Letters pick an option on keypress, after the keydown's task may have ended.
        onKeyPress={markKeyEvent}
        onChange={(event) => {
          if (!inKeyEvent.current) submitIfChanged(event.currentTarget);
        }}
        onBlur={(event) => submitIfChanged(event.currentTarget)}
        className="rounded-md border border-slate-300 bg-white py-2 pl-3 pr-8 text-sm font-normal shadow-sm"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * The query without the parameters tied to the rows shown (`resets`, e.g. a
 * selection of this page's rows): what a link to other rows leaves behind.
 */
function withoutRowState(search: string, resets: readonly string[]) {
  const params = new URLSearchParams(search);
  for (const key of resets) params.delete(key);
  return params;
}

/** A column header that sorts the list by its column (a link: works without JavaScript). */
export function SortableHeader<Sort extends string>({
  column,
  query,
  defaultSort,
  defaultDirs,
  children,
  className = "",
  padding = headerPadding,
  resets = [],
}: {
  column: Sort;
  query: ListQuery<Sort>;
  /** The list's default sort and directions, left out of the links. */
  defaultSort: Sort;
  defaultDirs: Record<Sort, SortDir>;
  children: ReactNode;
  className?: string;
  /** The cell's horizontal padding (a table tighter on phones sets its own). */
  padding?: string;
  /** Parameters tied to the rows shown, which another order drops. */
  resets?: readonly string[];
}) {
  const { pathname, search } = useLocation();
  const active = query.sort === column;
  return (
    <th
      scope="col"
      aria-sort={active ? (query.dir === "asc" ? "ascending" : "descending") : "none"}
      className={`${headerCellClass} ${padding} ${className}`}
    >
      <Link
        to={sortHref(pathname, withoutRowState(search, resets), query, column, { defaultSort, defaultDirs })}
        preventScrollReset
        className="inline-flex items-center gap-1 hover:text-slate-900"
      >
        {children}
        <span aria-hidden="true" className={active ? "text-brand-600" : "text-slate-300"}>
          {active && query.dir === "asc" ? "▲" : "▼"}
        </span>
      </Link>
    </th>
  );
}

/**
 * Previous and Next links, keeping every other parameter of the list. With
 * JavaScript, paging moves focus to the new page's list (its table, or the
 * state standing for it), so focus is neither left on a link at the bottom
 * of a page scrolled to the top nor lost when Next disappears on the last page.
 */
export function Pagination({
  page,
  hasNextPage,
  resets = [],
}: {
  page: number;
  hasNextPage: boolean;
  /** Parameters tied to the rows shown (a selection of this page's rows), which another page drops. */
  resets?: readonly string[];
}) {
  const { pathname, search, key } = useLocation();
  const pagedList = useRef<Element | null>(null);
  useEffect(() => {
    const list = pagedList.current;
    pagedList.current = null;
    if (list?.isConnected) focusByScript(list.querySelector("table") ?? list);
  }, [key]);

  if (page === 1 && !hasNextPage) return null;
  const link = (target: number) =>
    listHref(pathname, withoutRowState(search, resets), { page: target === 1 ? null : String(target) });
  // The list is what the pagination sits beside, in the same container.
  const rememberList = (event: MouseEvent<HTMLAnchorElement>) => {
    pagedList.current = event.currentTarget.closest("nav")?.parentElement ?? null;
  };
  return (
    <nav aria-label={listTexts.pagination} className="flex items-center justify-between gap-3 pt-4 text-sm">
      {page > 1 ? (
        <Link to={link(page - 1)} onClick={rememberList} className={buttonClass("secondary")} rel="prev">
          {listTexts.previous}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-slate-600">{listTexts.page(page)}</span>
      {hasNextPage ? (
        <Link to={link(page + 1)} onClick={rememberList} className={buttonClass("secondary")} rel="next">
          {listTexts.next}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** The empty and no-match states of a list: a title and a line of explanation. */
export function EmptyState({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div role="status" className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <p className="text-lg font-semibold text-slate-900">{title}</p>
      <p className="mt-1 text-slate-600">{children}</p>
    </div>
  );
}

/**
 * A page past the list's end (a deep link, a list that shrank since): not
 * "no match", which would blame a search there may not be. Leads back to the
 * first page with the same filters.
 */
export function PastTheEnd({ page }: { page: number }) {
  const { pathname, search } = useLocation();
  return (
    <EmptyState title={listTexts.pastEnd.title}>
      {listTexts.pastEnd.text(page)}
      <Link to={listHref(pathname, search, { page: null })} className="font-semibold text-brand-700 underline">
        {listTexts.pastEnd.firstPage}
      </Link>
      {listTexts.pastEnd.after}
    </EmptyState>
  );
}

const headerCellClass = "py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-600";
const headerPadding = "px-4";

/** A column header that does not sort. */
export function ColumnHeader({
  children,
  className = "",
  padding = headerPadding,
}: {
  children: ReactNode;
  className?: string;
  /** The cell's horizontal padding (a table tighter on phones sets its own). */
  padding?: string;
}) {
  return (
    <th scope="col" className={`${headerCellClass} ${padding} ${className}`}>
      {children}
    </th>
  );
}

/** A list's table: its frame, a caption for screen readers, the header row, the rows and an optional footer. */
export function ListTable({
  caption,
  header,
  children,
  footer,
}: {
  caption: string;
  header: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="list-frame overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
      <div className="overflow-x-auto">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50">
            <tr>{header}</tr>
          </thead>
          <tbody className="divide-y divide-slate-100">{children}</tbody>
        </table>
      </div>
      {footer}
    </div>
  );
}
