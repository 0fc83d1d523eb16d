import { listenThenServe } from "../listen";
import { createStripeEmulator, type StripeEmulatorOptions } from "./app";

export interface StartStripeEmulatorOptions extends Partial<Omit<StripeEmulatorOptions, "publicUrl">> {
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
  ...options
}: StartStripeEmulatorOptions = {}) {
  let resolvedUrl = "";
  const {
    app,
    port: boundPort,
    close,
  } = await listenThenServe({ port, hostname }, (boundPort) => {
    resolvedUrl = (publicUrl ?? `http://localhost:${boundPort}`).replace(/\/+$/, "");
    const emulator = createStripeEmulator({ ...options, publicUrl: resolvedUrl });
    return { ...emulator, fetch: emulator.app.fetch };
  });
  return {
    app: app.app,
    state: app.state,
    webhooks: app.webhooks,
    clock: app.clock,
    publicUrl: resolvedUrl,
    hostname,
    port: boundPort,
    close: async () => {
      app.webhooks.stop();
      await close();
    },
  };
}
