/**
 * The backend's side of issue 27: it keeps the caller's request id (the
 * app's), makes one when there is none or it is not a short URL-safe one,
 * and counts Stripe's webhook events, processed and refused, by type.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CONFIG } from "../../../backend/src/config";
import { metricsRegistry } from "../../../backend/src/observability";
import { startBillingStack } from "./support/billing";

let stack: Awaited<ReturnType<typeof startBillingStack>>;
beforeAll(async () => {
  stack = await startBillingStack();
});
afterAll(() => stack?.close());

describe("request ids", () => {
  it.each([
    ["keeps a valid one", "app-request_1", "app-request_1"],
    ["replaces one too long", "x".repeat(65), /^[0-9a-f-]{36}$/],
    ["replaces one that is not URL-safe", "an id; with spaces", /^[0-9a-f-]{36}$/],
  ])("%s", async (_case, incoming, expected) => {
    const response = await fetch(`${stack.backend.url}/health`, { headers: { "X-Request-Id": incoming } });
    expect(response.headers.get("x-request-id")).toMatch(expected);
  });
});

describe("request metrics", () => {
  it("labels a method the API does not answer as OTHER", async () => {
    const methods = async () =>
      new Set(
        (await metricsRegistry.getSingleMetric("http_request_duration_seconds")!.get()).values.map(
          (value) => value.labels.method,
        ),
      );
    for (const method of ["PROPFIND", "MKCOL", "LOCK"]) await fetch(`${stack.backend.url}/health`, { method });
    const seen = await methods();
    expect(seen.has("OTHER")).toBe(true);
    expect([...seen].filter((method) => ["PROPFIND", "MKCOL", "LOCK"].includes(String(method)))).toEqual([]);
  });
});

/** The count of webhook events of this type and outcome, as the metrics port would show it. */
async function webhookCount(type: string, outcome: string) {
  const metric = await metricsRegistry.getSingleMetric("stripe_webhook_events_total")!.get();
  return metric.values.find((value) => value.labels.type === type && value.labels.outcome === outcome)?.value ?? 0;
}

describe("webhook metrics", () => {
  const deliver = (payload: string, secret: string) =>
    fetch(`${stack.backend.url}/billing/stripe/webhooks`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "Stripe-Signature": stack.stripe.webhooks.generateTestHeaderString({ payload, secret }),
      },
      body: payload,
    });
  const event = (id: string) =>
    JSON.stringify({
      id,
      object: "event",
      api_version: "2026-10-28.endive",
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: "cus_metrics", object: "customer" } },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type: "customer.created",
    });

  it("counts events processed and refused, by type", async () => {
    const [processed, refused] = [
      await webhookCount("customer.created", "processed"),
      await webhookCount("customer.created", "refused"),
    ];
    expect((await deliver(event("evt_metrics_1"), DEFAULT_CONFIG.stripe.webhookSecret)).status).toBe(200);
    expect((await deliver(event("evt_metrics_2"), "whsec_forged")).status).toBe(400);
    expect(await webhookCount("customer.created", "processed")).toBe(processed + 1);
    expect(await webhookCount("customer.created", "refused")).toBe(refused + 1);
  });

  it("adds no series for made-up types, signed or not: they count as unknown", async () => {
    const series = async () => (await metricsRegistry.getSingleMetric("stripe_webhook_events_total")!.get()).values;
    await deliver(event("evt_metrics_3").replace("customer.created", "made.up"), "whsec_forged");
    await deliver(event("evt_metrics_4").replace("customer.created", "made.up"), DEFAULT_CONFIG.stripe.webhookSecret);
    const before = (await series()).length;
    const unknownRefused = await webhookCount("unknown", "refused");
    for (let batch = 0; batch < 10; batch++) {
      await Promise.all(
        Array.from({ length: 100 }, (_, index) =>
          deliver(
            event(`evt_made_up_${batch}_${index}`).replace("customer.created", `made.up_${batch}_${index}`),
            "whsec_forged",
          ),
        ),
      );
    }
    expect((await series()).length).toBe(before);
    expect(await webhookCount("unknown", "refused")).toBe(unknownRefused + 1000);
    expect(await webhookCount("unknown", "processed")).toBe(1);
  });
});
