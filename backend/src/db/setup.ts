import { migrateToLatest, openDatabase, type BackendDb } from "./connection";
import { isDatabaseEmpty, seedDatabase } from "./seed";

/** Opens the database file, brings the schema up to date and seeds it the first time. */
export async function prepareDatabase(filePath: string, now: number = Date.now()): Promise<BackendDb> {
  const db = openDatabase(filePath);
  try {
    await migrateToLatest(db);
    if (await isDatabaseEmpty(db)) await seedDatabase(db, now);
    return db;
  } catch (error) {
    await db.destroy();
    throw error;
  }
}
