import { useLoaderData } from "@remix-run/react";
import { RowsTable } from "../rows-table";
import { z } from "zod";

/**
 * The render benchmark's second baseline: the backend work of the app's sent
 * list without the app. The loader makes the calls the benchmark recorded
 * from the app's sent list (BARE_BACKEND_CALLS: rounds of URLs, the calls of
 * a round made at once as the app makes them) to the stand-in that answers
 * them with the recorded bodies (BARE_BACKEND_URL), parses each answer, the
 * list's rows with zod as the app does, and renders 25 rows as a plain table.
 */
const backendUrl = process.env.BARE_BACKEND_URL;
const rounds: string[][] = JSON.parse(process.env.BARE_BACKEND_CALLS ?? "[]");
const ROWS = 25;

const listSchema = z.object({
  items: z.array(
    z.object({
      campaignId: z.string(),
      mergeSourceSpreadSheetName: z.string(),
      mergeSourceSheetName: z.string(),
      lastUpdateTimestamp: z.coerce.number(),
      eventCounts: z.object({ sentCount: z.number(), openedCount: z.number(), clickedCount: z.number() }),
    }),
  ),
});

export async function loader() {
  if (!backendUrl) throw new Response("BARE_BACKEND_URL is not set", { status: 500 });
  const answers: unknown[] = [];
  for (const round of rounds) {
    answers.push(
      ...(await Promise.all(
        round.map(async (url) => {
          const response = await fetch(`${backendUrl}${url}`, { headers: { Accept: "application/json" } });
          if (!response.ok) throw new Response(`The stand-in answered ${response.status}`, { status: 502 });
          return response.json();
        }),
      )),
    );
  }
  const list = answers.map((answer) => listSchema.safeParse(answer)).find((parsed) => parsed.success);
  if (!list?.data) throw new Response("No list among the answers", { status: 502 });
  return {
    rows: list.data.items.slice(0, ROWS).map(({ eventCounts, ...row }) => ({
      id: row.campaignId,
      name: row.mergeSourceSpreadSheetName,
      sheet: row.mergeSourceSheetName,
      date: new Date(row.lastUpdateTimestamp).toISOString(),
      sent: eventCounts.sentCount,
      opened: Math.round((100 * eventCounts.openedCount) / Math.max(1, eventCounts.sentCount)),
      clicked: Math.round((100 * eventCounts.clickedCount) / Math.max(1, eventCounts.sentCount)),
    })),
  };
}

export default function SameWork() {
  const { rows } = useLoaderData<typeof loader>();
  return <RowsTable rows={rows} />;
}

export const meta = () => [{ title: "Bare Remix, the sent list's backend calls" }];
