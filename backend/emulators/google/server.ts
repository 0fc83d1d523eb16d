import { listenThenServe } from "../listen";
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
  let resolvedIssuer = "";
  const {
    app,
    port: boundPort,
    close,
  } = await listenThenServe({ port, hostname }, (boundPort) => {
    resolvedIssuer = (issuer ?? `http://localhost:${boundPort}`).replace(/\/+$/, "");
    return createGoogleEmulator({
      issuer: resolvedIssuer,
      clientId: options.clientId ?? GOOGLE_DEFAULTS.clientId,
      clientSecret: options.clientSecret ?? GOOGLE_DEFAULTS.clientSecret,
      redirectUris: options.redirectUris ?? [],
      personas: options.personas,
    });
  });
  return { app, issuer: resolvedIssuer, hostname, port: boundPort, close };
}
