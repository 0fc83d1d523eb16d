/**
 * `npm run seed`: throws away the database at DATABASE_PATH and the local
 * Stripe's state at STRIPE_STATE_PATH (which then starts again from its seed,
 * db/seed/stripe-account.ts), and builds a fresh database with the demo personas. `npm run seed -- --large` also gives
 * owner@acme.test's Acme Marketing 100,000 sent campaigns, 50,000
 * unsubscriptions and 50,000 bounces (db/seed/large.ts). Stop the backend
 * and the local Stripe first (`npm start`): they keep what they hold.
 */
import { rmSync } from "node:fs";
import { loadConfig } from "../config";
import { deleteDatabaseFiles } from "./connection";
import { seedLargeData } from "./seed/large";
import { prepareDatabase } from "./setup";

const large = process.argv.slice(2).includes("--large");
const { databasePath } = loadConfig(process.env);
deleteDatabaseFiles(databasePath);
// scripts/services.mjs gives the local Stripe the same default; "" is no state file.
const stripeStatePath = process.env.STRIPE_STATE_PATH ?? ".data/stripe-state.json";
if (stripeStatePath) rmSync(stripeStatePath, { force: true });
const startedAt = Date.now();
const db = await prepareDatabase(databasePath);
if (large) await seedLargeData(db);
await db.destroy();
console.log(
  large ? `Seeded ${databasePath} with the large data set in ${Date.now() - startedAt} ms` : `Seeded ${databasePath}`,
);
