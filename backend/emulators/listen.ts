import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";

/**
 * Listens on `port` (0: a free one, for tests) and only then builds the app
 * with the bound port: a stand-in's public URL, which its app hands out,
 * is not known before. `close` also ends kept-alive browser connections,
 * which would otherwise keep it waiting.
 */
export async function listenThenServe<App extends { fetch: (request: Request) => Response | Promise<Response> }>(
  { port, hostname }: { port: number; hostname: string },
  build: (boundPort: number) => App,
) {
  // Requests reach the app through this indirection, swapped in once the app exists.
  const current = { fetch: (_request: Request): Response | Promise<Response> => new Response(null, { status: 503 }) };
  const { server, boundPort } = await new Promise<{ server: ReturnType<typeof serve>; boundPort: number }>(
    (resolve, reject) => {
      const server = serve({ fetch: (request) => current.fetch(request), port, hostname }, (info: AddressInfo) =>
        resolve({ server, boundPort: info.port }),
      );
      server.once("error", reject);
    },
  );
  const app = build(boundPort);
  current.fetch = (request) => app.fetch(request);
  // Closing twice (a test that stops a stand-in before its stack closes it) is one close.
  let closing: Promise<void> | null = null;
  return {
    app,
    port: boundPort,
    close: () =>
      (closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        if ("closeAllConnections" in server) server.closeAllConnections();
      })),
  };
}

/** Closes the stand-in on SIGINT or SIGTERM, then exits; the signal may arrive twice (terminal and scripts/start.mjs). */
export function closeOnSignals(close: () => Promise<void>) {
  let stopping = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      close().finally(() => process.exit(0));
    });
  }
}
