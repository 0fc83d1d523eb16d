import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect } from "kysely";
import { migrations } from "./migrations";
import type { Database } from "./schema";

/** The database, or a transaction on it: Kysely transactions are Kysely instances too. */
export type BackendDb = Kysely<Database>;

/** Opens (creating if missing) the SQLite file, with its folder. */
export function openDatabase(filePath: string): BackendDb {
  fs.mkdirSync(path.dirname(path.resolve(filePath)), { recursive: true });
  const sqlite = new SQLite(filePath);
  // WAL lets the seed CLI or a test read while the server writes; foreign keys are off by default in SQLite.
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

export async function migrateToLatest(db: BackendDb): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === "Error");
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed`, { cause: error });
  }
}

/** Removes the database file and its WAL companions, for a clean re-seed. */
export function deleteDatabaseFiles(filePath: string): void {
  for (const suffix of ["", "-wal", "-shm"]) {
    fs.rmSync(`${filePath}${suffix}`, { force: true });
  }
}
