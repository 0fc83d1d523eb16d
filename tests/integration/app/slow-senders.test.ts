/**
 * Slow senders (issue 34): a client gets 10 s to send its headers. Node
 * checked that limit every 30 s by default, so a client sending one header
 * line a second held its connection 27-30 s; the app as `npm start` runs it
 * checks every second, and closes it 10-11 s after its first byte.
 */
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningBackend } from "../support/backend";
import { startAppBackend } from "../support/app";
import { startAppServer, type RunningApp } from "../support/app-server";

/** Lines sent at most: the test ends after this many seconds whatever the server does. */
const MAX_LINES = 25;

let backend: RunningBackend;
let app: RunningApp;

beforeAll(async () => {
  backend = await startAppBackend();
  app = await startAppServer(backend.env);
});

afterAll(async () => {
  await app?.close();
  await backend?.close();
});

/** Sends a request's headers one line a second, never finishing them; resolves with the seconds until the server closed. */
function sendHeadersSlowly() {
  return new Promise<{ seconds: number; answer: string }>((resolve) => {
    const socket = connect(Number(new URL(app.url).port), "127.0.0.1");
    const started = performance.now();
    let answer = "";
    let sent = 0;
    const drip = setInterval(() => {
      if (++sent > MAX_LINES) return socket.destroy();
      socket.write(`X-Drip-${sent}: ${sent}\r\n`);
    }, 1_000);
    socket.on("connect", () => socket.write("GET /login HTTP/1.1\r\nHost: 127.0.0.1\r\n"));
    socket.on("data", (chunk) => (answer += String(chunk)));
    socket.on("error", () => undefined);
    socket.on("close", () => {
      clearInterval(drip);
      resolve({ seconds: (performance.now() - started) / 1000, answer });
    });
  });
}

describe("a client sending its headers slowly", () => {
  it("is answered 408 and cut off within a second or so of the 10 s it is given", { timeout: 40_000 }, async () => {
    const { seconds, answer } = await sendHeadersSlowly();
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(seconds).toBeGreaterThanOrEqual(9.5);
    // 10-11 s by design; the margin is for a busy machine, far below the 27-30 s of Node's default checking.
    expect(seconds).toBeLessThan(15);
  });
});
