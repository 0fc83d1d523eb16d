/**
 * One page load makes each backend call once, and the independent ones in
 * parallel (ARCHITECTURE: data flow). Runs the built app's request handler,
 * so every loader of the page runs as it does in production.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { quoteSeats, readCheckoutDraft, saveCheckoutDraft } from "~/api/billing.server";
import { requireSession } from "~/utils/auth.server";
import type { RunningBackend } from "../support/backend";
import { appRequest, signIn, startAppBillingStack } from "../support/app";

let stack: Awaited<ReturnType<typeof startAppBillingStack>>;
let backend: RunningBackend;
let handle: (request: Request) => Promise<Response>;
const calls: { url: string; startedAt: number; endedAt?: number }[] = [];

beforeAll(async () => {
  // With a local Stripe: a price preview is one of the calls.
  stack = await startAppBillingStack();
  backend = stack.backend;
  const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
  handle = createRequestHandler(build, "production");
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const call = { url, startedAt: performance.now() } as (typeof calls)[number];
    if (url.startsWith(backend.url)) calls.push(call);
    try {
      return await realFetch(input, init);
    } finally {
      call.endedAt = performance.now();
    }
  });
});
afterAll(async () => {
  vi.restoreAllMocks();
  await stack.close();
});

function callCounts() {
  const counts = new Map<string, number>();
  for (const { url } of calls) {
    const { pathname, search } = new URL(url);
    const key = `${pathname}${search}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

describe("backend calls of one page load", () => {
  it("are made once each, me and the space in parallel", async () => {
    const { cookie } = await signIn(backend, "owner@acme.test");
    calls.length = 0;
    const response = await handle(appRequest("/5100000000000001/acme-marketing/space/general", { cookie }));
    expect(response.status).toBe(200);
    await response.text();

    const counts = callCounts();
    expect(Object.fromEntries([...counts].filter(([, count]) => count > 1))).toEqual({});
    const me = calls.find((call) => call.url.includes("/users/me"))!;
    const space = calls.find((call) => call.url.includes("/workspaces/5100000000000001?"))!;
    expect(me).toBeDefined();
    expect(space).toBeDefined();
    // Both started before either answered.
    expect(Math.max(me.startedAt, space.startedAt)).toBeLessThan(Math.min(me.endedAt!, space.endedAt!));
  });
});

describe("the request's shared reads", () => {
  it("stay shared after a price preview, and are asked again after a write", async () => {
    const { cookie } = await signIn(backend, "owner@acme.test");
    const auth = await requireSession({ request: appRequest("/", { cookie }) });
    const workspaceId = "5100000000000001";
    const draftReads = () => calls.filter((call) => call.url.includes(`/${workspaceId}/`) && call.url.includes("draft"));
    calls.length = 0;

    await readCheckoutDraft(auth, workspaceId);
    await quoteSeats(auth, workspaceId, {
      country: "US",
      business: false,
      previewProratedAmounts: false,
      seatPlans: [{ userPlan: "PRO", quantity: 3 }],
    });
    await readCheckoutDraft(auth, workspaceId);
    expect(draftReads()).toHaveLength(1);

    await saveCheckoutDraft(auth, workspaceId, {});
    await readCheckoutDraft(auth, workspaceId);
    expect(draftReads()).toHaveLength(3);
  });
});
