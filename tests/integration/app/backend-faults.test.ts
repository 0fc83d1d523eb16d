/**
 * A backend fault is not a site outage (issue 33, items 2, 5 and 8): the
 * app as `npm start` serves it, behind HAProxy (scripts/balancer.ts), over
 * the reference backend through a proxy that refuses or stalls its calls.
 * With the backend down, the instance stays in the balancer and serves the
 * sign-in page, the public pages and the assets; a page that needs the
 * backend gets the app's failure page with its Reference within its
 * deadline; after repeated failures a circuit answers at once, and closes by
 * itself once the backend answers. With the backend stalled, the sign-in
 * page never waits behind the pages stuck on it. Nothing is lost: every
 * request gets an answer, the expected one.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oopsTexts, referenceText } from "~/domain/error-texts";
import { SPACES } from "../../../backend/src/db/seed/personas";
import { INSTANCE_MAXCONN } from "../../../scripts/balancer";
import { startBalancedApp, type BalancedApp } from "../support/balanced-app";

const SENT_PAGE = `/${SPACES.acmeMarketing.id}/${SPACES.acmeMarketing.slug}/mail-merges/sent`;
const PUBLIC_PAGES = ["/login", "/cookies-disabled", "/unsubscribed", "/robots.txt"];
const READ_TIMEOUT_MS = 2_000;
const CIRCUIT_OPEN_MS = 1_500;
/** HAProxy takes an instance out after two failed checks 300 ms apart (scripts/balancer.ts): this is well past it. */
const BALANCER_NOTICES_MS = 2_000;
/** "At once", with a wide margin for a busy machine: no backend deadline waited out. */
const AT_ONCE_MS = 1_000;

let stack: BalancedApp;

beforeAll(async () => {
  stack = await startBalancedApp({
    BACKEND_READ_TIMEOUT_MS: String(READ_TIMEOUT_MS),
    BACKEND_CIRCUIT_OPEN_MS: String(CIRCUIT_OPEN_MS),
  });
}, 60_000);

afterAll(async () => {
  await stack?.close();
});

async function until(what: string, done: () => Promise<boolean>, timeoutMs = 15_000) {
  for (const deadline = Date.now() + timeoutMs; !(await done().catch(() => false));) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface Options {
  /** Where to send it: the balancer unless said otherwise. */
  origin?: string;
  requestId?: string;
  /** With the owner's session cookie (a signed-in visitor of /login is sent on). */
  signedIn?: boolean;
}

/** A GET, timed. */
async function get(path: string, { origin = stack.balancer.url, requestId, signedIn = false }: Options = {}) {
  const started = performance.now();
  const response = await fetch(`${origin}${path}`, {
    headers: { ...(signedIn ? { Cookie: stack.cookie } : {}), ...(requestId ? { "X-Request-Id": requestId } : {}) },
    redirect: "manual",
  });
  const body = await response.text();
  return { status: response.status, body, took: performance.now() - started };
}

const readiness = async () => (await fetch(`${stack.balancer.url}/readyz`)).json();

async function backendUpGauge() {
  const text = await (await fetch(stack.metricsUrl)).text();
  return Number(new RegExp(`^backend_up\\{origin="${new URL(stack.proxy.url).origin}"\\} (\\d)`, "m").exec(text)?.[1]);
}

/** The app's own failure page for a page whose backend is away (its shell needs the backend too): the request's Reference. */
function expectFailurePage(answer: { status: number; body: string }, requestId: string) {
  expect(answer.status).toBe(503);
  expect(answer.body).toContain(oopsTexts.message);
  expect(answer.body).toContain(referenceText(requestId));
}

/** The backend answers again: the circuit closes by itself, on the first page after its open time. */
async function backendBack() {
  stack.proxy.mode = "pass";
  await until(
    "a page served again",
    async () => (await get(SENT_PAGE, { signedIn: true })).status === 200,
    CIRCUIT_OPEN_MS + 10_000,
  );
  expect(await readiness()).toEqual({ status: "ready", backend: "up" });
  expect(await backendUpGauge()).toBe(1);
}

describe("the backend down behind the balancer", () => {
  it("keeps the instance in, serving the sign-in page, public pages and assets; pages that need it fail fast", async () => {
    stack.proxy.mode = "refuse";
    await new Promise((resolve) => setTimeout(resolve, BALANCER_NOTICES_MS));

    // The instance is ready: its own state, not its backend's.
    expect((await fetch(`${stack.balancer.url}/readyz`)).status).toBe(200);
    for (const path of PUBLIC_PAGES) expect((await get(path)).status, path).toBe(200);
    const login = await get("/login");
    expect(login.body).toContain("Sign in with Google");
    const assets = [...login.body.matchAll(/(?:href|src)="(\/build\/[^"]+)"/g)].map((match) => match[1]!);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) expect((await get(asset)).status, asset).toBe(200);

    // A page that needs the backend: the app's failure page and its Reference, within its deadline, each time.
    for (let attempt = 1; attempt <= 6; attempt++) {
      const requestId = `backend-down-${attempt}`;
      const page = await get(SENT_PAGE, { requestId, signedIn: true });
      expectFailurePage(page, requestId);
      expect(page.took).toBeLessThan(READ_TIMEOUT_MS);
    }
    // Its calls failed again and again: the circuit refuses them now, and says so to people and to the metrics.
    expect(await readiness()).toEqual({ status: "ready", backend: "down" });
    expect(await backendUpGauge()).toBe(0);
    const calls = stack.proxy.calls.length;

    await backendBack();
    expect(stack.proxy.calls.length).toBeGreaterThan(calls);
  }, 40_000);
});

describe("a stalled backend", () => {
  it("holds only the pages that need it: the sign-in page answers at once; then the circuit answers them at once", async () => {
    stack.proxy.mode = "stall";
    // Every place for pages that need the backend, at the balancer and at the app, held by one stuck on it.
    const stuck = Array.from({ length: INSTANCE_MAXCONN }, (_, index) =>
      get(SENT_PAGE, { requestId: `stalled-${index}`, signedIn: true }),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));

    for (const origin of [stack.balancer.url, stack.app.url]) {
      const login = await get("/login", { origin });
      expect(login.status, origin).toBe(200);
      expect(login.took, origin).toBeLessThan(AT_ONCE_MS);
    }
    expect((await get("/login.data", { origin: stack.app.url })).status).toBe(200);

    // Each stuck page waits out its backend deadline, then gets the failure page: none is lost.
    const answers = await Promise.all(stuck);
    answers.forEach((answer, index) => {
      expectFailurePage(answer, `stalled-${index}`);
      expect(answer.took).toBeLessThan(READ_TIMEOUT_MS + 3_000);
    });

    // Their calls timed out again and again: the next page is refused at once, not after its deadline.
    const refused = await get(SENT_PAGE, { requestId: "stalled-refused", signedIn: true });
    expectFailurePage(refused, "stalled-refused");
    expect(refused.took).toBeLessThan(AT_ONCE_MS);
    expect(await readiness()).toEqual({ status: "ready", backend: "down" });

    await backendBack();
  }, 40_000);
});
