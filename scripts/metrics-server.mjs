// The metrics port of the app and of the backend: GET /metrics in Prometheus format, nothing else.
import { createServer } from "node:http";

/**
 * Serves `registry` (prom-client) on its own port, never the public one: loopback unless `host` says otherwise.
 * @param {{ registry: import("prom-client").Registry, port: number, host: string, logger: import("pino").Logger }} options
 * @returns {import("node:http").Server}
 */
export function serveMetrics({ registry, port, host, logger }) {
  const server = createServer((req, res) => {
    if (req.method !== "GET" || req.url?.split("?")[0] !== "/metrics") {
      res.writeHead(404).end();
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { "Content-Type": registry.contentType }).end(text),
      (error) => {
        logger.error({ err: error }, "metrics could not be collected");
        res.writeHead(500).end();
      },
    );
  });
  server.listen(port, host, () => logger.info(`metrics on http://${host}:${port}/metrics`));
  return server;
}
