import { useLoaderData } from "@remix-run/react";

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
  return (
    <main>
      <h1>Mail merges</h1>
      <table>
        <thead>
          <tr>
            <th>Sheet name</th>
            <th>Date</th>
            <th>Sent</th>
            <th>Opened</th>
            <th>Clicked</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <th scope="row">
                <a href={`/${row.id}`}>{row.name}</a> {row.sheet}
              </th>
              <td>{row.date}</td>
              <td>{row.sent}</td>
              <td>{row.opened}%</td>
              <td>{row.clicked}%</td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}

export const meta = () => [{ title: "Bare Remix" }];
