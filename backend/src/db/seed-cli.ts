/**
 * `npm run seed`: throws away the database at DATABASE_PATH and builds a fresh
 * one with the demo personas. `npm run seed -- --large` also gives
 * owner@acme.test's Acme Marketing 100,000 sent campaigns, 50,000
 * unsubscriptions and 50,000 bounces (db/seed/large.ts). Stop the backend
 * first: it keeps the file open.
 */
import { loadConfig } from "../config";
import { deleteDatabaseFiles } from "./connection";
import { seedLargeData } from "./seed/large";
import { prepareDatabase } from "./setup";

const large = process.argv.slice(2).includes("--large");
const { databasePath } = loadConfig(process.env);
deleteDatabaseFiles(databasePath);
const startedAt = Date.now();
const db = await prepareDatabase(databasePath);
if (large) await seedLargeData(db);
await db.destroy();
console.log(
  large ? `Seeded ${databasePath} with the large data set in ${Date.now() - startedAt} ms` : `Seeded ${databasePath}`,
);
