/** `npm run start:backend`: the reference backend on BACKEND_PORT (see backend/README.md). */
import { serve } from "@hono/node-server";
import { serveMetrics } from "../../scripts/metrics-server.mjs";
import { createBackend } from "./app";
import { ConfigError, loadConfig, type ProcessConfig } from "./config";
import { prepareDatabase } from "./db/setup";
import { logger, metricsRegistry } from "./observability";

function configOrExit(): ProcessConfig {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    // One line naming every variable at fault, no stack: the start stops before anything listens.
    logger.fatal(error.message);
    process.exit(1);
  }
}

const config = configOrExit();
const db = await prepareDatabase(config.databasePath, Date.now(), { seed: config.seedDemoData });
const { app, startReconciliation } = createBackend({ db, config });
// What Stripe's webhooks missed while the backend was away is applied now, and every few minutes.
const reconciliation = startReconciliation();

const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  logger.info(`Reference backend on http://${config.host}:${info.port} (database ${config.databasePath})`);
});
const metrics =
  config.metricsPort === undefined
    ? null
    : serveMetrics({ registry: metricsRegistry, port: config.metricsPort, host: config.metricsHost, logger });

function shutdown() {
  metrics?.close();
  server.close(() => {
    void reconciliation
      .stop()
      .then(() => db.destroy())
      .then(() => process.exit(0));
  });
}
process.once("SIGINT", shutdown);
process.once("SIGTERM", shutdown);
