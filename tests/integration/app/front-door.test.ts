/**
 * Odd methods and cross-site writes (issue 13): the app as `npm start` runs
 * it (scripts/serve.mjs) answers a method it does not serve with 405, a write
 * from another origin with 403 and a target or Host no URL can carry with 400
 * (issue 34), each with a readable page, on pages and resource routes alike;
 * nothing is written, and the log has one line with the method the client sent.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appServer } from "../../../scripts/services.mjs";
import { PERSONAS, SPACES } from "../../../backend/src/db/seed/personas";
import type { RunningBackend } from "../support/backend";
import { signIn, startAppBackend } from "../support/app";
import { freePort } from "../support/network";

const ACME = `/${SPACES.acmeMarketing.id}/${SPACES.acmeMarketing.slug}`;
const UNSUBSCRIPTIONS = `${ACME}/unsubscriptions`;
/** Routes without a page (issue 34): their refusals were empty. */
const RESOURCE_ROUTES = [
  "/logout",
  "/auth/google",
  `${ACME}/legacy-banner`,
  `${ACME}/space/users/suggest`,
  `${ACME}/bounces.csv`,
];

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

/** A request written as it is on a socket: what no HTTP client sends (an absolute-form target, a broken Host). */
function sendRaw(head: string) {
  return new Promise<{ status: number; headers: Record<string, string>; body: string }>((resolve, reject) => {
    const socket = connect(Number(new URL(appUrl).port), "127.0.0.1");
    let text = "";
    socket.setTimeout(10_000, () => socket.destroy(new Error("no answer")));
    socket.on("data", (chunk) => (text += String(chunk)));
    socket.on("error", reject);
    socket.on("close", () => {
      const [top = "", body = ""] = text.split("\r\n\r\n");
      const [statusLine = "", ...headerLines] = top.split("\r\n");
      const headers = Object.fromEntries(
        headerLines.map((line) => [
          line.slice(0, line.indexOf(":")).toLowerCase(),
          line.slice(line.indexOf(":") + 1).trim(),
        ]),
      );
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body });
    });
    socket.end(`${head}\r\nConnection: close\r\n\r\n`);
  });
}

/** The log lines of one request; its access line is written once the answer is sent, a moment after the client has it. */
async function linesOf(requestId: string) {
  const lines = () => log.split("\n").filter((line) => line.includes(requestId));
  for (let waited = 0; lines().length === 0 && waited < 2_000; waited += 20)
    await new Promise((resolve) => setTimeout(resolve, 20));
  await new Promise((resolve) => setTimeout(resolve, 100));
  return lines().map((line) => JSON.parse(line) as Record<string, unknown>);
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
    // Issue 34: the method the client sent, not the GET the request was rewritten into.
    expect(await linesOf(requestId)).toEqual([
      expect.objectContaining({ level: "info", method: "POST", route: "refused", status: 403, msg: "request" }),
    ]);
  });

  // Issue 34: resource routes answered an empty 403 or 405.
  it.each(RESOURCE_ROUTES)("answers refusals on the resource route %s with the readable page", async (path) => {
    const refused = await send("PUT", path, { Cookie: cookie, "X-Request-Id": "resource-put" });
    expect(refused.status).toBe(405);
    expect(refused.body).toContain("Reference: resource-put");
    const foreign = await send(
      "POST",
      path,
      {
        Cookie: cookie,
        Origin: "https://evil.test",
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Request-Id": "resource-post",
      },
      "intent=dismiss",
    );
    expect(foreign.status).toBe(403);
    expect(foreign.body).toContain("Reference: resource-post");
    expect(foreign.headers["cache-control"]).toBe("private, no-store");
    expect(foreign.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  });

  it("logs a refused method as the client sent it, once", async () => {
    await send("DELETE", "/logout", { "X-Request-Id": "refused-delete-1" });
    expect(await linesOf("refused-delete-1")).toEqual([
      expect.objectContaining({ level: "info", method: "DELETE", route: "refused", status: 405 }),
    ]);
  });

  // Issue 34: Express answered these with a bare 500, a stack in the log, no request id and no access line.
  it.each([
    ["an absolute-form target", "GET http://evil.example/login HTTP/1.1\r\nHost: 127.0.0.1"],
    ["a Host no URL can carry", "GET /login HTTP/1.1\r\nHost: [zz"],
  ])("answers %s with 400 and the readable page, one access line", async (_case, head) => {
    const requestId = `unreadable-${head.length}`;
    const response = await sendRaw(`${head}\r\nX-Request-Id: ${requestId}`);
    expect(response.status).toBe(400);
    expect(response.headers["x-request-id"]).toBe(requestId);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.body).toContain(`Reference: ${requestId}`);
    expect(await linesOf(requestId)).toEqual([
      expect.objectContaining({ level: "info", method: "GET", route: "refused", status: 400 }),
    ]);
  });

  // Issue 34: Remix's 405 was logged at error level, with its stack.
  it("answers a POST to a page without an action with 405, logged at info", async () => {
    const requestId = "post-without-action";
    const response = await send(
      "POST",
      `${ACME}/team-report`,
      {
        Cookie: cookie,
        Origin: appUrl,
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Request-Id": requestId,
      },
      "intent=nothing",
    );
    expect(response.status).toBe(405);
    const lines = await linesOf(requestId);
    expect(lines.map((line) => line.level)).toEqual(["info"]);
    expect(lines[0]).toMatchObject({ method: "POST", status: 405 });
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
