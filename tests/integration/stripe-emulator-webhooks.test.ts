/**
 * The local Stripe delivers its webhooks as Stripe does (issue 33): a
 * refused delivery is logged and tried again with growing delays for three
 * days, on its movable clock, then given up; the retries still waiting
 * survive a restart; and `GET /v1/events` answers what a reconciliation asks
 * (`created` ranges, `ending_before`).
 */
import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { advanceClock, buyThroughCheckout, DAY, startLocalStripe, type LocalStripe } from "./support/stripe";

/** A webhook endpoint that answers `status()` at the moment of each delivery, and what it received. */
async function startEndpoint(status: () => number) {
  const received: Array<{ id: string; type: string }> = [];
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      const answer = status();
      if (answer < 300) received.push(JSON.parse(body));
      response.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
  return { url, received, close: () => new Promise((resolve) => server.close(resolve)) };
}

const closing: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
});

async function started(url: string, statePath?: string) {
  const log: string[] = [];
  const local = await startLocalStripe({
    webhook: { url, secret: "whsec_test" },
    log: (line) => log.push(line),
    statePath,
  });
  closing.push(local.emulator.close);
  return { ...local, log };
}

/** Moves the clock to the next retry due, and waits for it; answers how far the clock moved (s), or null when none. */
async function toNextRetry(emulator: LocalStripe) {
  const due = emulator.webhooks.pending.map((delivery) => delivery.dueAt);
  if (due.length === 0) return null;
  const seconds = Math.max(0, Math.ceil((Math.min(...due) - emulator.clock.nowMs()) / 1000));
  await advanceClock(emulator, seconds);
  await emulator.webhooks.settled();
  return seconds;
}

describe("a refused webhook delivery", () => {
  it("is logged and tried again with growing delays for three days on the clock, then given up", async () => {
    const endpoint = await startEndpoint(() => 503);
    closing.push(endpoint.close);
    const { emulator, stripe, log } = await started(endpoint.url);
    const session = await buyThroughCheckout(stripe, "owner@acme.test", "price_pro_monthly_usd", 2);
    await emulator.webhooks.settled();
    const completed = [...emulator.webhooks.events.values()].find(
      (event) => event.type === "checkout.session.completed" && event.data.object.id === session.id,
    )!;
    const tries = () => log.filter((line) => line.includes(completed.id));
    // The retry after 1 s is waited for by settled(); the next ones are due later on the clock.
    expect(tries()).toEqual([
      expect.stringMatching(/answered 503, try 1\); tried again in 1 s$/),
      expect.stringMatching(/answered 503, try 2\); tried again in 5 s$/),
    ]);

    const waits = [1];
    for (let step = 0; step < 40; step++) {
      const moved = await toNextRetry(emulator);
      if (moved === null) break;
      waits.push(moved);
    }
    // 1 s, 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, 3 h, 6 h, then every 12 h, all within three days.
    expect(waits.slice(0, 9)).toEqual([1, 5, 30, 120, 600, 1_800, 3_600, 10_800, 21_600]);
    expect(waits.slice(9).every((wait) => wait === 12 * 3_600)).toBe(true);
    const total = waits.reduce((sum, wait) => sum + wait, 0);
    expect(total).toBeLessThanOrEqual(3 * DAY);
    expect(total).toBeGreaterThan(2.5 * DAY);
    expect(tries()).toHaveLength(waits.length + 1);
    expect(tries().at(-1)).toMatch(/given up$/);
    expect(completed.pending_webhooks).toBe(1);
    await advanceClock(emulator, DAY);
    expect(tries()).toHaveLength(waits.length + 1);
  });

  it("is delivered by a retry once the endpoint answers again, days later", async () => {
    let down = true;
    const endpoint = await startEndpoint(() => (down ? 502 : 200));
    closing.push(endpoint.close);
    const { emulator, stripe } = await started(endpoint.url);
    await buyThroughCheckout(stripe, "owner@acme.test", "price_pro_monthly_usd", 2);
    await emulator.webhooks.settled();
    await advanceClock(emulator, 2 * DAY);
    await emulator.webhooks.settled();
    expect(endpoint.received).toEqual([]);

    down = false;
    while ((await toNextRetry(emulator)) !== null);
    expect(endpoint.received.map((event) => event.type).sort()).toEqual([
      "checkout.session.completed",
      "customer.subscription.created",
      "invoice.paid",
    ]);
    expect([...emulator.webhooks.events.values()].every((event) => event.pending_webhooks === 0)).toBe(true);
  });

  it("is still tried after the local Stripe restarts from its saved state", async () => {
    let down = true;
    const endpoint = await startEndpoint(() => (down ? 500 : 200));
    closing.push(endpoint.close);
    const directory = await fs.mkdtemp(path.join(os.tmpdir(), "local-stripe-"));
    closing.push(() => fs.rm(directory, { recursive: true, force: true }));
    const statePath = path.join(directory, "stripe.json");
    const first = await started(endpoint.url, statePath);
    await buyThroughCheckout(first.stripe, "owner@acme.test", "price_pro_monthly_usd", 2);
    await first.emulator.webhooks.settled();
    // A change saves the state with the retries waiting.
    await first.stripe.customers.create({ email: "someone@acme.test" });
    await first.emulator.close();

    down = false;
    const again = await started(endpoint.url, statePath);
    expect(again.emulator.webhooks.pending).toHaveLength(3);
    while ((await toNextRetry(again.emulator)) !== null);
    expect(endpoint.received).toHaveLength(3);
  });
});

describe("GET /v1/events", () => {
  it("answers the events of a created range, and the page before an event (ending_before)", async () => {
    const { emulator, stripe } = await startLocalStripe();
    closing.push(emulator.close);
    await buyThroughCheckout(stripe, "first@acme.test", "price_pro_monthly_usd", 2);
    const { now } = await advanceClock(emulator, 3_600);
    await buyThroughCheckout(stripe, "second@acme.test", "price_pro_monthly_usd", 2);

    const all = (await stripe.events.list({ limit: 100 })).data;
    const later = (await stripe.events.list({ created: { gt: now - 1 }, limit: 100 })).data;
    const earlier = (await stripe.events.list({ created: { lt: now - 1 }, limit: 100 })).data;
    expect(later.length).toBeGreaterThan(0);
    expect([...later, ...earlier].map((event) => event.id)).toEqual(all.map((event) => event.id));
    expect(later.every((event) => event.created >= now)).toBe(true);

    const oldest = all.at(-1)!;
    const newer = await stripe.events.list({ ending_before: oldest.id, limit: 2 });
    expect(newer.data.map((event) => event.id)).toEqual(all.slice(-3, -1).map((event) => event.id));
    expect(newer.has_more).toBe(true);
    await expect(stripe.events.list({ created: { after: 1 } as never })).rejects.toMatchObject({
      code: "parameter_unknown",
    });
  });
});
