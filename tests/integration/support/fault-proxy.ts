/**
 * A proxy in front of the reference backend that forwards, or misbehaves as
 * a test asks: stalls (accepts and never answers) every call, or every call
 * but the backend's health check (a backend that is up but slow), refuses
 * connections, or answers 502 once; and holds every forwarded call `delayMs` first (a
 * backend far away). Points the app's environment at itself.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { RunningBackend } from "./backend";

export type FaultMode = "pass" | "stall" | "stall-but-health" | "refuse" | "502-once";

/** One forwarded call, timed by the proxy (performance.now()): from its arrival to its answer's end. */
export interface ProxiedCall {
  requestId: string | undefined;
  method: string;
  /** The path without its query. */
  path: string;
  /** The path and its query. */
  target: string;
  startedAt: number;
  endedAt?: number;
}

export interface FaultProxy {
  url: string;
  mode: FaultMode;
  /** How long each forwarded call is held before it goes on to the backend. */
  delayMs: number;
  /** The X-Request-Id of each call that came through, and of the backend's answer to it. */
  requestIds: { sent: string | undefined; answered: string | undefined }[];
  calls: ProxiedCall[];
  /** Ends every stalled request (as a dropped connection) and closes the proxy. */
  close(): Promise<void>;
}

export async function startFaultProxy(backend: RunningBackend): Promise<FaultProxy> {
  const stalled: http.ServerResponse[] = [];
  const proxy = { mode: "pass" as FaultMode, delayMs: 0, requestIds: [], calls: [] } as unknown as FaultProxy;
  const server = http.createServer((request, response) => {
    if (proxy.mode === "refuse") {
      request.socket.destroy();
      return;
    }
    if (proxy.mode === "stall" || (proxy.mode === "stall-but-health" && request.url !== "/health")) {
      stalled.push(response);
      return;
    }
    if (proxy.mode === "502-once") {
      proxy.mode = "pass";
      response.writeHead(502).end();
      return;
    }
    const call: ProxiedCall = {
      requestId: request.headers["x-request-id"] as string | undefined,
      method: request.method ?? "GET",
      path: (request.url ?? "/").split("?")[0]!,
      target: request.url ?? "/",
      startedAt: performance.now(),
    };
    proxy.calls.push(call);
    response.once("close", () => (call.endedAt = performance.now()));
    const forward = () => {
      const upstream = http.request(
        new URL(request.url ?? "/", backend.url),
        { method: request.method, headers: request.headers },
        (answer) => {
          const id = (headers: http.IncomingHttpHeaders) => headers["x-request-id"] as string | undefined;
          proxy.requestIds.push({ sent: id(request.headers), answered: id(answer.headers) });
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      // The app gone (killed, or stopped with the call under way): the call is dropped as it would be.
      upstream.on("error", () => response.destroy());
      request.pipe(upstream);
    };
    if (proxy.delayMs > 0) setTimeout(forward, proxy.delayMs);
    else forward();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  for (const [key, value] of Object.entries(backend.env)) process.env[key] = value.replace(backend.url, proxy.url);
  proxy.close = async () => {
    for (const response of stalled) response.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return proxy;
}
