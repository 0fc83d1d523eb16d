import { stringify } from "csv-stringify";
import { format } from "date-fns";
import { logEvent } from "~/api/events.server";
import type { AuthContext } from "~/api/caller.server";
import { isRefusedQuery } from "~/api/list-filter.server";
import { listTexts } from "~/domain/list-texts";
import {
  callerOf,
  planContext,
  requireSpaceWith,
  type SpaceArgs,
  type SpaceCaller,
  type SpaceContext,
} from "./space.server";

/** 002 §9: a full export fetches up to 30,000 rows. */
export const CSV_MAX_ROWS = 30_000;
/** Rows asked from the backend per call while exporting. */
const FETCH_PAGE_SIZE = 1_000;
/**
 * The first call is small: it runs before the response starts (so that a
 * refused query can still get its own status), and the first byte waits for it.
 */
const FIRST_PAGE_SIZE = 100;

/** The first call's window: asked for beside the page's guard (requireSpaceWith), before the export is known to be allowed. */
export const CSV_FIRST_WINDOW = { limit: FIRST_PAGE_SIZE, limitOffset: 0 };

/** The backend windows after the first: full pages, up to CSV_MAX_ROWS. */
function laterWindows() {
  const windows: CsvWindow[] = [];
  for (let offset = FIRST_PAGE_SIZE; offset < CSV_MAX_ROWS; offset += FETCH_PAGE_SIZE) {
    windows.push({ limit: Math.min(FETCH_PAGE_SIZE, CSV_MAX_ROWS - offset), limitOffset: offset });
  }
  return windows;
}

/** A backend page of an export: its size and where it starts. */
export interface CsvWindow {
  limit: number;
  limitOffset: number;
}

export type CsvKind = "sent" | "scheduled" | "unsubscription" | "bounce" | "team_report";

export interface CsvExport<Row> {
  auth: AuthContext;
  kind: CsvKind;
  /** 002 §7: the plan context the csv_export event carries beside its export_type. */
  eventContext: { workspace_plan: string; user_plan: string };
  /** Used in the file name: Exported_{fileKind}_{date}.csv. */
  fileKind: string;
  header: string[];
  /** The rows of CSV_FIRST_WINDOW when already asked for (spaceCsvResponse); else asked for here. */
  firstPage?: Promise<Row[]>;
  /** One backend page of the current filters. */
  fetchPage(window: CsvWindow): Promise<Row[]>;
  /** Rows the person may not see are left out, whatever the backend sent (paging still counts them). */
  keep?(row: Row): boolean;
  toRecord(row: Row): (string | number | null)[];
  now?: Date;
}

/**
 * A space's list as a CSV download (csvResponse), its first page asked for
 * beside the space's guard (requireSpaceWith): one round before the file
 * starts, then the export's event. `fileOf` describes the file for the
 * space let in, and is where the export's own permission is checked (it
 * throws to refuse, before any row is read).
 */
export async function spaceCsvResponse<Row>(
  args: SpaceArgs,
  fetchPage: (caller: SpaceCaller, window: CsvWindow) => Promise<Row[]>,
  fileOf: (space: SpaceContext) => Omit<CsvExport<Row>, "auth" | "eventContext" | "firstPage" | "fetchPage">,
) {
  const { space, answers } = await requireSpaceWith(args, (caller) => fetchPage(caller, CSV_FIRST_WINDOW));
  return csvResponse({
    ...fileOf(space),
    auth: space.auth,
    eventContext: planContext(space),
    firstPage: answers,
    fetchPage: (window) => fetchPage(callerOf(space), window),
  });
}

/** First characters that make a spreadsheet read a cell as a formula (or start one, for tab and CR). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell that a spreadsheet would run (a member named `=HYPERLINK(…)`,
 * an address starting with `+`) is written with a leading `'`, so it opens as
 * text. Numbers stay numbers.
 */
export function neutraliseCell(value: string | number | null) {
  return typeof value === "string" && FORMULA_START.test(value) ? `'${value}` : value;
}

/** 002 §9: Exported_{kind}_{date}.csv. */
export function csvFileName(fileKind: string, now: Date) {
  return `Exported_${fileKind}_${format(now, "yyyy-MM-dd")}.csv`;
}

/**
 * A CSV download of a list with its current filters, streamed: rows are
 * fetched from the backend page by page and written as they come, so memory
 * stays flat. csv-stringify does the escaping (quotes, commas, newlines), and
 * every text cell goes through `neutraliseCell`. A query the backend refuses is
 * answered 400 in plain text before any of the file is sent.
 */
export async function csvResponse<Row>({
  auth,
  kind,
  eventContext,
  fileKind,
  header,
  firstPage,
  fetchPage,
  keep,
  toRecord,
  now = new Date(),
}: CsvExport<Row>) {
  let firstRows: Row[];
  try {
    firstRows = await (firstPage ?? fetchPage(CSV_FIRST_WINDOW));
  } catch (error) {
    if (!isRefusedQuery(error)) throw error;
    return new Response(listTexts.exportRefused, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  await logEvent(auth, "csv_export", { export_type: kind, ...eventContext });
  const stringifier = stringify({ header: true, columns: header, bom: true });

  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const encoder = new TextEncoder();
      stringifier.on("data", (chunk: Buffer | string) =>
        controller.enqueue(typeof chunk === "string" ? encoder.encode(chunk) : new Uint8Array(chunk)),
      );
      stringifier.on("error", (error) => controller.error(error));
      stringifier.on("end", () => controller.close());
      try {
        const write = (rows: Row[]) => {
          for (const row of rows) if (!keep || keep(row)) stringifier.write(toRecord(row).map(neutraliseCell));
        };
        write(firstRows);
        let more = firstRows.length === CSV_FIRST_WINDOW.limit;
        for (const window of laterWindows()) {
          if (!more) break;
          const rows = await fetchPage(window);
          write(rows);
          more = rows.length === window.limit;
        }
        stringifier.end();
      } catch (error) {
        // Headers are gone already: the download ends early rather than pretending to be complete.
        controller.error(error);
      }
    },
  });

  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csvFileName(fileKind, now)}"`,
      "Cache-Control": "no-store",
    },
  });
}
