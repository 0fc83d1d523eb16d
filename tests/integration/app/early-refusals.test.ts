/**
 * Early refusals close cleanly (issue 28, item 5): a form body that is too
 * large (413) or no form at all (415) is refused before it is read (a
 * chunked one once past the limit), and the connection it came on is closed
 * with the answer, so the next request a proxy sends on that pooled
 * connection is never reset nor stalled. The app as `npm
 * start` serves it, through a keep-alive agent with a single connection.
 */
import http from "node:http";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PERSONAS, SPACES } from "../../../backend/src/db/seed/personas";
import type { RunningBackend } from "../support/backend";
import { signIn, startAppBackend } from "../support/app";
import { startAppServer, type RunningApp } from "../support/app-server";

const UNSUBSCRIPTIONS = `/${SPACES.acmeMarketing.id}/${SPACES.acmeMarketing.slug}/unsubscriptions`;
const THREE_MB = 3 * 1024 * 1024;

let backend: RunningBackend;
let app: RunningApp;
let cookie: string;
/** What a pooling proxy does: every request on one kept-alive connection, one after the other. */
let agent: http.Agent;

beforeAll(async () => {
  backend = await startAppBackend();
  ({ cookie } = await signIn(backend, PERSONAS.owner.email));
  // Its request log lines are read.
  app = await startAppServer({ LOG_LEVEL: "info" });
});

afterAll(async () => {
  await app?.close();
  await backend?.close();
});

beforeEach(() => {
  agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
});
afterEach(() => agent.destroy());

interface Answer {
  status: number;
  connection: string | undefined;
}

function send(method: string, path: string, headers: Record<string, string> = {}, body?: Buffer | string) {
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request(
      `${app.url}${path}`,
      { method, agent, headers: { Cookie: cookie, ...headers } },
      (response) => {
        response.resume();
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }),
        );
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

const sameOrigin = () => ({ Origin: app.url, Host: new URL(app.url).host });

describe("a refusal before the body is read", () => {
  it("answers a 3 MB form with 413, and the next request on the same pooled connection is served", async () => {
    const body = Buffer.alloc(THREE_MB, "a");
    const refused = await send(
      "POST",
      UNSUBSCRIPTIONS,
      {
        ...sameOrigin(),
        "Content-Type": "application/x-www-form-urlencoded",
        "Content-Length": String(body.length),
        "X-Request-Id": "early-413",
      },
      body,
    );
    expect(refused.status).toBe(413);
    expect(refused.connection).toBe("close");
    expect((await send("GET", UNSUBSCRIPTIONS)).status).toBe(200);
    // Logged like any answer, under a route of its own: the path is never logged.
    const line = app
      .output()
      .split("\n")
      .find((each) => each.includes('"requestId":"early-413"'));
    expect(JSON.parse(line!)).toMatchObject({ msg: "request", route: "refused", status: 413 });
  });

  it("answers a JSON body with 415, and the next request on the same pooled connection is served", async () => {
    const body = JSON.stringify({ intent: "add", emails: "x".repeat(THREE_MB) });
    const refused = await send(
      "POST",
      UNSUBSCRIPTIONS,
      {
        ...sameOrigin(),
        "Content-Type": "application/json",
        "Content-Length": String(Buffer.byteLength(body)),
      },
      body,
    );
    expect(refused.status).toBe(415);
    expect(refused.connection).toBe("close");
    expect((await send("GET", UNSUBSCRIPTIONS)).status).toBe(200);
  });

  it("answers a 3 MB form sent without a length (chunked) with 413 once past the limit, and the next request is served", async () => {
    const refused = await send(
      "POST",
      UNSUBSCRIPTIONS,
      { ...sameOrigin(), "Content-Type": "application/x-www-form-urlencoded", "Transfer-Encoding": "chunked" },
      Buffer.alloc(THREE_MB, "a"),
    );
    expect(refused.status).toBe(413);
    expect(refused.connection).toBe("close");
    expect((await send("GET", UNSUBSCRIPTIONS)).status).toBe(200);
  });
});
