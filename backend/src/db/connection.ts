import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect, type SqliteDatabase } from "kysely";
import { migrations } from "./migrations";
import type { Database } from "./schema";

/** The database, or a transaction on it: Kysely transactions are Kysely instances too. */
export type BackendDb = Kysely<Database>;

/** Prepared statements kept for reuse, least recently used dropped first. */
const STATEMENT_CACHE_SIZE = 200;

/**
 * Kysely prepares every query anew, and SQLite parses and plans it each time:
 * often more work than running it. This keeps the statement of each SQL text
 * (parameters are bound per run), unless it is busy in an open iteration.
 */
export function withStatementCache(sqlite: SQLite.Database, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      const cached = statements.get(sql);
      if (cached && !cached.busy) {
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > size) statements.delete(statements.keys().next().value!);
      return statement;
    },
  };
}

/** In memory: no file. */
const IN_MEMORY = ":memory:";

/**
 * Opens (creating if missing) the SQLite file, with its folder. The file holds customers' addresses: only its owner
 * reads it (0600), and SQLite gives its WAL companions the same mode.
 */
export function openDatabase(filePath: string): BackendDb {
  if (filePath !== IN_MEMORY) {
    fs.mkdirSync(path.dirname(path.resolve(filePath)), { recursive: true, mode: 0o700 });
    fs.closeSync(fs.openSync(filePath, "a", 0o600));
    // A file made before this rule, or under a looser umask, is brought to the same mode.
    fs.chmodSync(filePath, 0o600);
  }
  const sqlite = new SQLite(filePath);
  // WAL lets the seed CLI or a test read while the server writes; foreign keys are off by default in SQLite.
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
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
