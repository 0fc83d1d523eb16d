import { migrateToLatest, openDatabase, type BackendDb } from "./connection";
import { isDatabaseEmpty, seedDatabase } from "./seed";

/** Opens the database file, brings the schema up to date and, unless told not to, seeds it the first time. */
export async function prepareDatabase(
  filePath: string,
  now: number = Date.now(),
  { seed = true } = {},
): Promise<BackendDb> {
  const db = openDatabase(filePath);
  try {
    await migrateToLatest(db);
    if (seed && (await isDatabaseEmpty(db))) await seedDatabase(db, now);
    return db;
  } catch (error) {
    await db.destroy();
    throw error;
  }
}
