/**
 * `npm run seed`: throws away the database at DATABASE_PATH and builds a fresh
 * one with the demo personas. Stop the backend first: it keeps the file open.
 */
import { loadConfig } from "../config";
import { deleteDatabaseFiles } from "./connection";
import { prepareDatabase } from "./setup";

const { databasePath } = loadConfig(process.env);
deleteDatabaseFiles(databasePath);
const db = await prepareDatabase(databasePath);
await db.destroy();
console.log(`Seeded ${databasePath}`);
