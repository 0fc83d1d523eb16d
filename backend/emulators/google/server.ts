import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { createGoogleEmulator, type GoogleEmulatorOptions } from "./app";

export interface StartGoogleEmulatorOptions extends Partial<GoogleEmulatorOptions> {
  /** 0 (the default) picks a free port, for tests. */
  port?: number;
  /** The interface to listen on: loopback only unless told otherwise (a sign-in stand-in must not face the network). */
  hostname?: string;
}

export const GOOGLE_DEFAULTS = {
  clientId: "yamm-local-client",
  clientSecret: "yamm-local-secret",
} as const;

/**
 * Listens on `port` and resolves once the socket is bound. The issuer
 * defaults to `http://localhost:<bound port>`, which is why the app is built
 * only after listening: with port 0 the URL is not known before.
 */
export async function startGoogleEmulator({
  port = 0,
  hostname = "127.0.0.1",
  issuer,
  ...options
}: StartGoogleEmulatorOptions = {}) {
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
  const resolvedIssuer = (issuer ?? `http://localhost:${boundPort}`).replace(/\/+$/, "");
  const app = createGoogleEmulator({
    issuer: resolvedIssuer,
    clientId: options.clientId ?? GOOGLE_DEFAULTS.clientId,
    clientSecret: options.clientSecret ?? GOOGLE_DEFAULTS.clientSecret,
    redirectUris: options.redirectUris ?? [],
    personas: options.personas,
  });
  current.fetch = app.fetch;
  return {
    app,
    issuer: resolvedIssuer,
    hostname,
    port: boundPort,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Browsers hold keep-alive sockets open, which would keep close() waiting.
        if ("closeAllConnections" in server) server.closeAllConnections();
      }),
  };
}
