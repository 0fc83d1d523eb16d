// The app's HTTP server: `node scripts/serve.mjs build/index.js` (npm start, npm run dev, the tests).
//
// What remix-serve did (compression, the build's assets for a year, public/ for an hour, the Remix
// handler, a build reloaded by `remix dev`), plus what it could not: the build's `operations`
// (app/utils/operations.server.ts) around every request (its id, one JSON log line in place of
// remix-serve's morgan line, metrics), the health endpoints before the admission gate, the
// metrics on their own port, a graceful stop on SIGTERM (SIGINT, SIGHUP), and the admission gate in front of Remix's routing
// (overload: a refusal costs no routing, and a connection's timeouts are chosen, not Node's defaults).
//
// Read top to bottom, as a request goes: its id and log line, the front door's refusals, health, the build's assets,
// the gate, public/, Remix. No request is rewritten to pass a decision on to Remix.
import { readdirSync, watch } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import { broadcastDevReady, installGlobals } from "@remix-run/node";
import compression from "compression";
import express from "express";

process.env.NODE_ENV ??= "production";
process.setSourceMapsEnabled(true);
const development = process.env.NODE_ENV === "development";

const buildPath = path.resolve(process.argv[2] ?? "build/index.js");
/** Imports the build anew (a query busts the import cache): `remix dev` rebuilds it in place. */
const importBuild = () => import(`${pathToFileURL(buildPath).href}?t=${Date.now()}`);

let build = await importBuild();
installGlobals({ nativeFetch: build.future.v3_singleFetch });
// The current build's, each time: after a rebuild, its request context is the one its loaders read.
const operations = () => build.operations;
const { HEALTH_PATHS } = operations();

const app = express();
app.disable("x-powered-by");
app.use((req, res, next) => operations().observe(req, res, next));
// The front door (README, Security notes): a target or Host no URL can carry (400), a method no form sends (405), a
// write from another origin (403), a body no form is or too large (415, 413), answered here with the refusal page,
// the body unread and the connection closed.
app.use((req, res, next) => operations().refuseAtTheDoor(req, res, next));
app.get(HEALTH_PATHS.live, (req, res) => operations().healthz(req, res));
app.get(HEALTH_PATHS.ready, (req, res) => operations().readyz(req, res));
app.use(compression());
app.use(build.publicPath, express.static(build.assetsBuildDirectory, { immutable: true, maxAge: "1y" }));
// Everything else takes a place at the gate first (MAX_CONCURRENT_REQUESTS…): a refusal costs no file lookup either.
app.use((req, res, next) => operations().admit(req, res, next));
// Only a path under one of public/'s own entries (robots.txt, the favicon, images/) is worth a file lookup: a page's
// path never is, and the lookup's failed stat cost every page and data request 2-3 % of its CPU.
const publicEntries = new Set(readdirSync("public"));
const servePublic = express.static("public", { maxAge: "1h" });
app.use((req, res, next) => (publicEntries.has(req.path.split("/")[1]) ? servePublic(req, res, next) : next()));
app.all(
  "*",
  development
    ? (req, res, next) => createRequestHandler({ build, mode: "development" })(req, res, next)
    : createRequestHandler({ build, mode: process.env.NODE_ENV }),
);

const port = Number(process.env.PORT) || 3000;
const onListen = () => {
  operations().logger.info(`app on http://${process.env.HOST ?? "localhost"}:${port}`);
  operations().warnOfShortDrain();
  if (development) void broadcastDevReady(build);
};
const server = createServer(
  {
    // A client gets 10 s to send its headers and 30 s for its whole request (a 1 MB form on a slow line): slow
    // senders cannot hold connections open. The wait for a place at the gate comes after and is bounded by the gate.
    headersTimeout: 10_000,
    requestTimeout: 30_000,
    // Node checks those limits every 30 s by default: a sender of one header line a second held its connection
    // 27-30 s. Checked every second, it is closed 10-11 s after its first byte.
    connectionsCheckingInterval: 1_000,
  },
  app,
);
if (process.env.HOST) server.listen(port, process.env.HOST, onListen);
else server.listen(port, onListen);
// Longer than a load balancer keeps an idle connection to us (HAProxy, AWS: 60 s), so it is always the one to close
// it: a request it sends as we close would fail.
server.keepAliveTimeout = 65_000;
// Every connection is a file descriptor: past this many, new ones are closed at once rather than starve the
// process of descriptors for its backend calls. Far above what the gate admits and queues.
server.maxConnections = 4_096;
const metrics = operations().serveMetrics();

if (development) {
  // `remix dev` writes version.txt beside the build once a new one is ready.
  watch(path.dirname(buildPath), async (_event, file) => {
    if (file !== "version.txt") return;
    build = await importBuild();
    void broadcastDevReady(build);
  });
}

// SIGHUP too: a closed terminal or a supervisor's hang-up would otherwise end the process at once, requests and all.
for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"]) {
  process.once(signal, async () => {
    const finished = await operations().stopGracefully(server, signal);
    metrics?.close();
    process.exit(finished ? 0 : 1);
  });
}
