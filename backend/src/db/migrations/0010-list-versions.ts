import { sql, type Kysely, type Migration } from "kysely";

/**
 * One counter per list table and space (db/tables/list-versions.ts). Tables
 * that are listed with paging create their triggers with
 * `createListVersionTriggers` in their own migration.
 */
export const listVersionsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("list_versions")
      .addColumn("list", "text", (col) => col.notNull())
      .addColumn("workspace_id", "text", (col) => col.notNull())
      .addColumn("version", "integer", (col) => col.notNull())
      .addPrimaryKeyConstraint("list_versions_pk", ["list", "workspace_id"])
      .modifyEnd(sql`without rowid`)
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("list_versions").execute();
  },
};

/** Raises list_versions(table, workspace) on every write to the table, whoever writes. */
export async function createListVersionTriggers(db: Kysely<unknown>, table: string): Promise<void> {
  const bump = (row: "new" | "old") =>
    sql`insert into list_versions (list, workspace_id, version) values (${sql.lit(table)}, ${sql.raw(row)}.workspace_id, 1)
      on conflict (list, workspace_id) do update set version = version + 1;`;
  const name = (event: string) => sql.raw(`${table}_list_version_${event}`);
  const tableRef = sql.table(table);
  await sql`create trigger ${name("insert")} after insert on ${tableRef} begin ${bump("new")} end`.execute(db);
  await sql`create trigger ${name("delete")} after delete on ${tableRef} begin ${bump("old")} end`.execute(db);
  await sql`create trigger ${name("update")} after update on ${tableRef} begin ${bump("old")} ${bump("new")} end`.execute(
    db,
  );
}
