import { useLoaderData } from "@remix-run/react";
import { RowsTable } from "../rows-table";

const DAY_MS = 86_400_000;

/** 25 rows shaped like the sent list's, computed per request as a loader would receive them. */
export function loader() {
  const now = Date.now();
  return {
    rows: Array.from({ length: 25 }, (_, index) => ({
      id: String(index + 1),
      name: `Spreadsheet ${index + 1}`,
      sheet: `Sheet ${index + 1}`,
      date: new Date(now - index * DAY_MS).toISOString(),
      sent: 1000 + index * 37,
      opened: (index * 7) % 100,
      clicked: (index * 3) % 100,
    })),
  };
}

export default function Index() {
  const { rows } = useLoaderData<typeof loader>();
  return <RowsTable rows={rows} />;
}

export const meta = () => [{ title: "Bare Remix" }];
