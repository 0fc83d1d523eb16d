/** A row of the bare pages' table: what the sent list shows of a merge, plainly. */
type Row = { id: string; name: string; sheet: string; date: string; sent: number; opened: number; clicked: number };

/** The bare pages' content: a heading and a plain 25-row table. */
export function RowsTable({ rows }: { rows: Row[] }) {
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
