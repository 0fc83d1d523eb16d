/**
 * A proxy in front of the reference backend that forwards, or misbehaves as
 * a test asks: stalls (accepts and never answers), refuses connections, or
 * answers 502 once. Points the app's environment at itself.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { RunningBackend } from "./backend";

export type FaultMode = "pass" | "stall" | "refuse" | "502-once";

export interface FaultProxy {
  url: string;
  mode: FaultMode;
  /** The X-Request-Id of each call that came through, and of the backend's answer to it. */
  requestIds: { sent: string | undefined; answered: string | undefined }[];
  /** Ends every stalled request (as a dropped connection) and closes the proxy. */
  close(): Promise<void>;
}

export async function startFaultProxy(backend: RunningBackend): Promise<FaultProxy> {
  const stalled: http.ServerResponse[] = [];
  const proxy = { mode: "pass" as FaultMode, requestIds: [] } as unknown as FaultProxy;
  const server = http.createServer((request, response) => {
    if (proxy.mode === "refuse") {
      request.socket.destroy();
      return;
    }
    if (proxy.mode === "stall") {
      stalled.push(response);
      return;
    }
    if (proxy.mode === "502-once") {
      proxy.mode = "pass";
      response.writeHead(502).end();
      return;
    }
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
    request.pipe(upstream);
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
