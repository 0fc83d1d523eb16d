import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loader as marketplaceLoader } from "~/routes/_public+/get-started.marketplace";
import { loader as getStartedLoader } from "~/routes/_public+/get-started";
import { action as stopRenewalAction, loader as stopRenewalLoader } from "~/routes/_public+/stop-automatic-renewal";
import { loader as wrongPlanLoader } from "~/routes/_public+/wrong-plan";
import { DEFAULT_CONFIG } from "../../../backend/src/config";
import type { AppEnv } from "../../../backend/src/http/app-env";
import { handleError } from "../../../backend/src/http/errors";
import { renewalRoutes } from "../../../backend/src/http/renewal";
import { requireSession } from "../../../backend/src/http/require-session";
import { licenseAutoRenews } from "../../../backend/src/store/license-renewals";
import type { RunningBackend } from "../support/backend";
import { appRequest, loaderData, redirectTarget, run, signIn, startAppBackend } from "../support/app";

const PERSONAS = ["solo@gmail.com", "owner@acme.test", "legacy@oldco.test"] as const;
type Persona = (typeof PERSONAS)[number];

let backend: RunningBackend;
let billing: ReturnType<typeof serve>;
/** Set by a test to make the billing backend fail its next call. */
let failNextBillingCall = false;
const cookies = {} as Record<Persona, string>;

/**
 * The billing backend: the real renewal router over the test database,
 * behind a switch that makes it fail on demand, on its own port.
 */
async function startBilling() {
  const app = new Hono<AppEnv>();
  app.onError(handleError);
  app.use(async (c, next) => {
    if (!failNextBillingCall) return next();
    failNextBillingCall = false;
    return c.json({ error: "internal_error" }, 500);
  });
  app.use("/billing/*", requireSession(backend.db));
  app.route("/billing", renewalRoutes({ db: backend.db, config: DEFAULT_CONFIG }));
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(started));
  });
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/billing` };
}

beforeAll(async () => {
  backend = await startAppBackend();
  const started = await startBilling();
  billing = started.server;
  // Before any app module reads the environment.
  process.env.BILLING_API_URL = started.url;
  for (const email of PERSONAS) cookies[email] = (await signIn(backend, email)).cookie;
});
afterAll(async () => {
  await new Promise<void>((resolve) => {
    if (!billing) return resolve();
    billing.close(() => resolve());
    // Keep-alive sockets from fetch would otherwise hold close() open.
    (billing as import("node:http").Server).closeAllConnections();
  });
  await backend?.close();
});

const get = (path: string, persona?: Persona, extraCookie?: string) =>
  appRequest(path, { cookie: [persona && cookies[persona], extraCookie].filter(Boolean).join("; ") || undefined });

describe("onboarding loader", () => {
  it("shows step 1 to signed-out visitors and corrects a later step", async () => {
    expect(loaderData(await run(getStartedLoader, get("/get-started")))).toEqual({ step: 1, continueAllowed: false });
    expect(redirectTarget(await run(getStartedLoader, get("/get-started?step=2")))).toBe("/get-started?step=1");
  });

  it("starts signed-in users at step 2 and keeps step 3 closed until the marketplace is visited", async () => {
    expect(loaderData(await run(getStartedLoader, get("/get-started", "solo@gmail.com")))).toEqual({
      step: 2,
      continueAllowed: false,
    });
    expect(redirectTarget(await run(getStartedLoader, get("/get-started?step=3", "solo@gmail.com")))).toBe(
      "/get-started?step=2",
    );

    const visit = await run(marketplaceLoader, get("/get-started/marketplace"));
    expect(redirectTarget(visit)).toMatch(/^https:\/\/workspace\.google\.com\/marketplace\//);
    const visitCookie = (visit.response ?? (visit.result as Response)).headers.get("Set-Cookie")!.split(";")[0]!;
    expect(loaderData(await run(getStartedLoader, get("/get-started?step=3", "solo@gmail.com", visitCookie)))).toEqual({
      step: 3,
      continueAllowed: true,
    });
  });

  it("lets a user with the add-on installed continue", async () => {
    expect(loaderData(await run(getStartedLoader, get("/get-started?step=3", "owner@acme.test")))).toEqual({
      step: 3,
      continueAllowed: true,
    });
  });
});

describe("stop automatic renewal", () => {
  const post = (persona: Persona, form: Record<string, string>, headers?: Record<string, string>) =>
    appRequest("/stop-automatic-renewal", { method: "POST", cookie: cookies[persona], form, headers });

  beforeEach(() => {
    failNextBillingCall = false;
  });

  it("asks signed-out visitors to sign in, whatever result the query claims (issue 25)", async () => {
    for (const query of ["", "?success=1", "?success=0"]) {
      expect(loaderData(await run(stopRenewalLoader, get(`/stop-automatic-renewal${query}`)))).toEqual({
        view: "sign-in",
      });
    }
  });

  it("takes success=1 on a licence that still renews for no success: the question stays", async () => {
    expect(
      loaderData(await run(stopRenewalLoader, get("/stop-automatic-renewal?success=1", "legacy@oldco.test"))),
    ).toEqual({ view: "confirm" });
    expect(
      loaderData(await run(stopRenewalLoader, get("/stop-automatic-renewal?success=0", "legacy@oldco.test"))),
    ).toEqual({ view: "failure" });
  });

  it("sends users without a PayPal licence home, on the page and on submit", async () => {
    expect(redirectTarget(await run(stopRenewalLoader, get("/stop-automatic-renewal", "solo@gmail.com")))).toBe("/");
    expect(redirectTarget(await run(stopRenewalAction, post("solo@gmail.com", { intent: "stop-renewal" })))).toBe("/");
  });

  it("refuses cross-site and malformed submissions", async () => {
    const crossSite = await run(
      stopRenewalAction,
      post("legacy@oldco.test", { intent: "stop-renewal" }, { Origin: "https://evil.test" }),
    );
    expect(crossSite.response?.status).toBe(403);
    const malformed = await run(stopRenewalAction, post("legacy@oldco.test", { intent: "something-else" }));
    expect((malformed.result as { init?: { status?: number } }).init?.status).toBe(400);
    // conform's lastResult: the form says the stop failed.
    expect((malformed.result as { data?: { error?: Record<string, string[]> } }).data?.error?.[""]).toEqual([
      "Sorry, an error ocurred",
    ]);
    expect(await licenseAutoRenews(backend.db, "I-7K2M9X4QHB3N")).toBe(true);
  });

  it("shows the failure view when the billing backend fails", async () => {
    failNextBillingCall = true;
    const outcome = await run(stopRenewalAction, post("legacy@oldco.test", { intent: "stop-renewal" }));
    expect(redirectTarget(outcome)).toBe("/stop-automatic-renewal?success=0");
    expect(await licenseAutoRenews(backend.db, "I-7K2M9X4QHB3N")).toBe(true);
  });

  it("stops the renewal of a PayPal licence and reloads with success=1", async () => {
    expect(loaderData(await run(stopRenewalLoader, get("/stop-automatic-renewal", "legacy@oldco.test")))).toEqual({
      view: "confirm",
    });
    const outcome = await run(stopRenewalAction, post("legacy@oldco.test", { intent: "stop-renewal" }));
    expect(redirectTarget(outcome)).toBe("/stop-automatic-renewal?success=1");
    expect(await licenseAutoRenews(backend.db, "I-7K2M9X4QHB3N")).toBe(false);
    // Stopped for good: the page says so on any later visit, and never asks to confirm again.
    expect(loaderData(await run(stopRenewalLoader, get("/stop-automatic-renewal", "legacy@oldco.test")))).toEqual({
      view: "success",
    });
  });
});

describe("wrong plan loader", () => {
  it("needs a session", async () => {
    expect(redirectTarget(await run(wrongPlanLoader, get("/wrong-plan?plan=TEAM")))).toBe(
      "/login?continue=%2Fwrong-plan%3Fplan%3DTEAM",
    );
  });

  it("explains a plan the account cannot buy", async () => {
    const outcome = await run(
      wrongPlanLoader,
      get("/wrong-plan?plan=pro-google-workspace&quota-conditions=1", "solo@gmail.com"),
    );
    expect(loaderData(outcome)).toEqual({
      plan: "pro-google-workspace",
      email: "solo@gmail.com",
      accountType: "gmail",
      quotaConditionsOpen: true,
      // Sam's free per-seat space: a Gmail buyer's purchase starts at billing information.
      buyHref: "/5100000000000003/sams-space/checkout/information",
    });
  });

  it("leads into the offered plan's flow in the space billing picks (000 §4)", async () => {
    const buyHref = async (path: string, persona: Persona) =>
      loaderData<{ buyHref: string }>(await run(wrongPlanLoader, get(path, persona))).buyHref;
    expect(await buyHref("/wrong-plan?plan=pro-gmail", "legacy@oldco.test")).toBe(
      "/5100000000000004/oldco-team/checkout/legacy/users",
    );
    expect(await buyHref("/wrong-plan?plan=TEAM", "owner@acme.test")).toBe(
      "/5100000000000001/acme-marketing/space/billing",
    );
  });

  it("sends a matching, missing or unknown plan to billing with the query", async () => {
    const target = async (path: string, persona: Persona) =>
      redirectTarget(await run(wrongPlanLoader, get(path, persona)));
    expect(await target("/wrong-plan?plan=PERSONAL&interval=YEARLY", "solo@gmail.com")).toBe(
      "/settings/billing?plan=PERSONAL&interval=YEARLY",
    );
    expect(await target("/wrong-plan?plan=PROFESSIONAL", "owner@acme.test")).toBe(
      "/settings/billing?plan=PROFESSIONAL",
    );
    expect(await target("/wrong-plan?plan=TEAM", "owner@acme.test")).toBeNull();
    expect(await target("/wrong-plan?plan=nope", "owner@acme.test")).toBe("/settings/billing?plan=nope");
  });
});
