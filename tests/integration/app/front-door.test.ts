/**
 * Odd methods and cross-site writes (issue 13): the app as `npm start` runs
 * it (scripts/serve.mjs, with scripts/front-door.mjs) answers a method it
 * does not serve with 405 and a write from another origin with 403, each with
 * a readable page; nothing is written and nothing reaches the log.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appServer } from "../../../scripts/services.mjs";
import { PERSONAS, SPACES } from "../../../backend/src/db/seed/personas";
import type { RunningBackend } from "../support/backend";
import { signIn, startAppBackend } from "../support/app";
import { freePort } from "../support/network";

const UNSUBSCRIPTIONS = `/${SPACES.acmeMarketing.id}/${SPACES.acmeMarketing.slug}/unsubscriptions`;

let backend: RunningBackend;
let app: ChildProcess;
let appUrl: string;
let cookie: string;
let log = "";

beforeAll(async () => {
  backend = await startAppBackend();
  ({ cookie } = await signIn(backend, PERSONAS.owner.email));
  const port = await freePort();
  appUrl = `http://127.0.0.1:${port}`;
  const { command, args } = appServer("build/index.js");
  app = spawn(command, args, {
    env: {
      ...process.env,
      ...backend.env,
      PORT: String(port),
      NODE_ENV: "production",
      USE_LOCAL_SERVICES: "true",
      LOG_LEVEL: "info",
      SESSION_SECRET: "test-secret",
      SECURE_COOKIES: "false",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  for (const stream of [app.stdout!, app.stderr!]) stream.on("data", (chunk) => (log += String(chunk)));
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (
      await fetch(`${appUrl}/login`).then(
        () => true,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the app did not start:\n${log}`);
});

afterAll(async () => {
  app?.kill("SIGTERM");
  await backend?.close();
});

/** A raw HTTP request (fetch refuses TRACE and friends). */
async function send(method: string, path: string, headers: Record<string, string> = {}, body?: string) {
  const http = await import("node:http");
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    const request = http.request(`${appUrl}${path}`, { method, headers }, (response) => {
      let text = "";
      response.on("data", (chunk) => (text += String(chunk)));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
    });
    request.on("error", reject);
    request.end(body);
  });
}

const storedUnsubscriptions = async (email: string) =>
  (await backend.db.selectFrom("unsubscriptions").select("id").where("email", "=", email).execute()).length;

describe("the front door", () => {
  // TRACK and other names Node does not know never reach the app (its parser answers 400), nor does CONNECT (no tunnel: the socket closes).
  it.each(["TRACE", "OPTIONS", "PROPFIND", "PUT", "DELETE", "PATCH"])(
    "answers %s with 405 and a readable page",
    async (method) => {
      for (const path of ["/login", UNSUBSCRIPTIONS]) {
        const response = await send(method, path, { Cookie: cookie });
        expect(response.status).toBe(405);
        expect(response.headers.allow).toBe("GET, HEAD, POST");
        if (method !== "HEAD") expect(response.body).toContain("Something went wrong.");
      }
    },
  );

  it("answers a write from another origin with 403 and a readable page, writing nothing", async () => {
    const form = "intent=add&emails=cross-site%40example.test&idempotencyKey=cross-site-key-0123456789";
    const response = await send(
      "POST",
      UNSUBSCRIPTIONS,
      {
        Cookie: cookie,
        Origin: "https://evil.test",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      form,
    );
    expect(response.status).toBe(403);
    expect(response.body).toContain("Something went wrong.");
    expect(await storedUnsubscriptions("cross-site@example.test")).toBe(0);
  });

  // Issue 27: sandboxed iframes send Origin: null; Remix's own check answered it with a bare 500 and a stack trace.
  it("answers a write with Origin: null with 403 and a readable page, writing nothing, logging one line", async () => {
    const form = "intent=add&emails=null-origin%40example.test&idempotencyKey=null-origin-key-0123456789";
    const requestId = "null-origin-write-1";
    const response = await send(
      "POST",
      UNSUBSCRIPTIONS,
      {
        Cookie: cookie,
        Origin: "null",
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Request-Id": requestId,
      },
      form,
    );
    expect(response.status).toBe(403);
    expect(response.headers["x-request-id"]).toBe(requestId);
    expect(response.body).toContain("Something went wrong.");
    expect(response.body).toContain(`Reference: ${requestId}`);
    expect(await storedUnsubscriptions("null-origin@example.test")).toBe(0);
    // The access line is written once the answer is sent: it may come a moment after the client has it.
    const linesOf = () => log.split("\n").filter((line) => line.includes(requestId));
    for (let waited = 0; linesOf().length === 0 && waited < 2_000; waited += 20)
      await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const lines = linesOf();
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: "info", status: 403, msg: "request" });
  });

  it("lets a same-origin write through", async () => {
    const form = "intent=add&emails=same-site%40example.test&idempotencyKey=same-site-key-0123456789";
    const response = await send(
      "POST",
      UNSUBSCRIPTIONS,
      {
        Cookie: cookie,
        Origin: appUrl,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      form,
    );
    expect(response.status).toBe(302);
    expect(await storedUnsubscriptions("same-site@example.test")).toBe(1);
  });

  it("keeps stack traces out of the log", () => {
    expect(log).not.toMatch(/^\s+at /m);
    expect(log).not.toMatch(/Error:/);
  });
});
