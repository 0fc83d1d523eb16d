/**
 * A stand-in backend for the render benchmark (scripts/bench-render.ts). It
 * first passes every call on to the reference backend and records each GET's
 * answer that is 200 (status, content type, body) by method and URL; once told to
 * replay, it answers those calls from memory, the same bytes without the
 * backend's work, so the app and the bare page that makes the same calls
 * (scripts/bare-remix) are measured doing the same work on the same machine.
 * A call it has no answer for is still passed on, and counted.
 *
 * It also traces the calls of one page (when each arrived and was answered),
 * from which `roundsOf` tells which calls the page made together.
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

type Answer = { status: number; type: string; body: Buffer };
export type TracedCall = { url: string; start: number; end: number };

// Headers that belong to one hop, not to the call.
const HOP_HEADERS = new Set(["host", "connection", "keep-alive", "content-length", "transfer-encoding"]);

export async function startBackendReplay(backendUrl: string) {
  const answers = new Map<string, Answer>();
  let replaying = false;
  let holdMs = 0;
  let passedOn = 0;
  let trace: TracedCall[] | null = null;

  const server = createServer(async (request, response) => {
    const start = performance.now();
    const key = keyOf(request.method!, request.url!);
    let answer = replaying ? answers.get(key) : undefined;
    if (!answer) {
      answer = await passOn(backendUrl, request);
      if (replaying) passedOn++;
      else if (request.method === "GET" && answer.status === 200 && !answers.has(key)) answers.set(key, answer);
      if (holdMs > 0) await new Promise((resolve) => setTimeout(resolve, holdMs));
    }
    response.writeHead(answer.status, { "Content-Type": answer.type, "Content-Length": answer.body.length });
    response.end(answer.body);
    trace?.push({ url: request.url!, start, end: performance.now() });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    /**
     * The calls `load` makes, each answer held `ms` so that calls made together
     * overlap and calls made after another's answer do not.
     */
    async traceCalls(load: () => Promise<unknown>, ms = 30) {
      trace = [];
      holdMs = ms;
      try {
        await load();
        return trace;
      } finally {
        trace = null;
        holdMs = 0;
      }
    },
    /** The recorded answer to a GET of `url`. */
    answerTo: (url: string) => answers.get(keyOf("GET", url)),
    replay() {
      replaying = true;
    },
    /** Calls passed on to the backend while replaying (0 when the benchmark measured only recorded work). */
    passedOn: () => passedOn,
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}

/**
 * A call's key: its method and URL, where a long number in the query (epoch milliseconds: the list's date
 * range ends now) stands for any, so the page's later calls find the recorded answer.
 */
function keyOf(method: string, url: string) {
  const [path, query = ""] = url.split("?");
  return `${method} ${path}?${query.replace(/\d{12,}/g, "#")}`;
}

async function passOn(backendUrl: string, request: IncomingMessage): Promise<Answer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const headers = Object.entries(request.headers).flatMap(([name, value]) =>
    HOP_HEADERS.has(name) || value === undefined ? [] : [[name, String(value)] as [string, string]],
  );
  const response = await fetch(`${backendUrl}${request.url}`, {
    method: request.method,
    headers,
    body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
  });
  return {
    status: response.status,
    type: response.headers.get("content-type") ?? "application/json",
    body: Buffer.from(await response.arrayBuffer()),
  };
}

/**
 * Calls grouped in rounds: a call belongs to the round after the latest
 * round whose answer it waited for (one that ended before it started). The
 * benchmark's trace and the rounds test (tests/integration/app/backend-rounds.test.ts) count them so.
 */
export function roundsOf<Call>(
  calls: readonly Call[],
  timesOf: (call: Call) => { start: number; end: number },
): Call[][] {
  const sorted = [...calls].sort((a, b) => timesOf(a).start - timesOf(b).start);
  const roundOf = new Map<Call, number>();
  for (const call of sorted) {
    const before = sorted.filter((other) => roundOf.has(other) && timesOf(other).end <= timesOf(call).start);
    roundOf.set(call, Math.max(-1, ...before.map((other) => roundOf.get(other)!)) + 1);
  }
  const rounds: Call[][] = [];
  for (const [call, round] of roundOf) (rounds[round] ??= []).push(call);
  return rounds;
}
