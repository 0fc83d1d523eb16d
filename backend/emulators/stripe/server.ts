import { listenThenServe } from "../listen";
import { createStripeEmulator } from "./app";

export interface StartStripeEmulatorOptions {
  /** 0 (the default) picks a free port, for tests. */
  port?: number;
  /** Loopback only unless told otherwise: any test key is accepted. */
  hostname?: string;
  /** Where browsers reach it; defaults to `http://localhost:<bound port>`. */
  publicUrl?: string;
}

/** Listens on `port` and resolves once bound (with port 0 the public URL is known only then). */
export async function startStripeEmulator({
  port = 0,
  hostname = "127.0.0.1",
  publicUrl,
}: StartStripeEmulatorOptions = {}) {
  let resolvedUrl = "";
  const {
    app: emulator,
    port: boundPort,
    close,
  } = await listenThenServe({ port, hostname }, (boundPort) => {
    resolvedUrl = (publicUrl ?? `http://localhost:${boundPort}`).replace(/\/+$/, "");
    const emulator = createStripeEmulator({ publicUrl: resolvedUrl });
    return { ...emulator, fetch: emulator.app.fetch };
  });
  return { app: emulator.app, state: emulator.state, publicUrl: resolvedUrl, hostname, port: boundPort, close };
}
