/** `npm run start:backend`: the reference backend on BACKEND_PORT (see backend/README.md). */
import { serve } from "@hono/node-server";
import { createBackendApp } from "./app";
import { loadConfig } from "./config";
import { prepareDatabase } from "./db/setup";

const config = loadConfig(process.env);
const db = await prepareDatabase(config.databasePath);
const app = createBackendApp({ db, config });

const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  console.log(`Reference backend on http://${config.host}:${info.port} (database ${config.databasePath})`);
});

function shutdown() {
  server.close(() => {
    void db.destroy().then(() => process.exit(0));
  });
}
process.once("SIGINT", shutdown);
process.once("SIGTERM", shutdown);
