import { stringify } from "csv-stringify";
import { format } from "date-fns";
import { logEvent } from "~/api/events.server";
import type { AuthContext } from "~/api/caller.server";

/** 002 §9: a full export fetches up to 30,000 rows. */
export const CSV_MAX_ROWS = 30_000;
/** Rows asked from the backend per call while exporting. */
const FETCH_PAGE_SIZE = 1_000;

export type CsvKind = "sent" | "scheduled" | "unsubscription" | "bounce" | "team_report";

export interface CsvExport<Row> {
  auth: AuthContext;
  kind: CsvKind;
  /** Used in the file name: Exported_{fileKind}_{date}.csv. */
  fileKind: string;
  header: string[];
  /** One backend page of the current filters. */
  fetchPage(window: { limit: number; limitOffset: number }): Promise<Row[]>;
  toRecord(row: Row): (string | number | null)[];
  now?: Date;
}

/** 002 §9: Exported_{kind}_{date}.csv. */
export function csvFileName(fileKind: string, now: Date) {
  return `Exported_${fileKind}_${format(now, "yyyy-MM-dd")}.csv`;
}

/**
 * A CSV download of a list with its current filters, streamed: rows are
 * fetched from the backend page by page and written as they come, so the
 * first byte leaves at once and memory stays flat. csv-stringify does the
 * escaping (quotes, commas, newlines, formula-looking cells are left as data).
 */
export async function csvResponse<Row>({ auth, kind, fileKind, header, fetchPage, toRecord, now = new Date() }: CsvExport<Row>) {
  await logEvent(auth, "csv_export", { export_type: kind });
  const stringifier = stringify({ header: true, columns: header, bom: true });

  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const encoder = new TextEncoder();
      stringifier.on("data", (chunk: Buffer | string) => controller.enqueue(typeof chunk === "string" ? encoder.encode(chunk) : new Uint8Array(chunk)));
      stringifier.on("error", (error) => controller.error(error));
      stringifier.on("end", () => controller.close());
      try {
        for (let offset = 0; offset < CSV_MAX_ROWS; offset += FETCH_PAGE_SIZE) {
          const limit = Math.min(FETCH_PAGE_SIZE, CSV_MAX_ROWS - offset);
          const rows = await fetchPage({ limit, limitOffset: offset });
          for (const row of rows) stringifier.write(toRecord(row));
          if (rows.length < limit) break;
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
