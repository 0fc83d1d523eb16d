/** The local Stripe's state across a restart (`statePath`), read back through the official SDK. */
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type Stripe from "stripe";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { advanceClock, buyThroughCheckout, DAY, startLocalStripe, type LocalStripe } from "./support/stripe";

let directory: string;
beforeAll(async () => {
  directory = await fs.mkdtemp(path.join(os.tmpdir(), "local-stripe-"));
});
afterAll(() => fs.rm(directory, { recursive: true, force: true }));

const running: LocalStripe[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((emulator) => emulator.close()));
});
async function start(options: Parameters<typeof startLocalStripe>[0]) {
  const started = await startLocalStripe(options);
  running.push(started.emulator);
  return started;
}

describe("a state that survives a restart", () => {
  it("writes every change to statePath and reads it back at the next start", async () => {
    const statePath = path.join(directory, "restart", "stripe.json");
    const first = await start({ statePath });
    const customer = await first.stripe.customers.create({
      email: "kept@acme.de",
      tax_id_data: [{ type: "eu_vat", value: "DE123456789" }],
    });
    const session = await buyThroughCheckout(first.stripe, "", "price_pro_monthly_eur", 4, { customer: customer.id });
    const { subscription: subscriptionId } = await first.stripe.checkout.sessions.retrieve(session.id);
    const portal = await first.stripe.billingPortal.sessions.create({ customer: customer.id });
    await fetch(`${portal.url}/card`, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({ card: "4000000000000341" }),
    });
    const kept = await first.stripe.checkout.sessions.create(
      {
        mode: "subscription",
        customer: customer.id,
        line_items: [{ price: "price_pro_monthly_eur", quantity: 1 }],
        success_url: "http://localhost:3000/billing",
      },
      { idempotencyKey: "once" },
    );
    const { offset_seconds } = await advanceClock(first.emulator, 3 * DAY);
    const events = (await first.stripe.events.list()).data.map((event) => event.id);
    await first.emulator.close();
    running.splice(0);
    expect(existsSync(statePath)).toBe(true);

    const second = await start({ statePath });
    const read = (await second.stripe.customers.retrieve(customer.id, { expand: ["tax_ids"] })) as Stripe.Customer;
    expect(read.email).toBe("kept@acme.de");
    expect(read.tax_ids?.data.map((taxId) => taxId.value)).toEqual(["DE123456789"]);
    const subscription = await second.stripe.subscriptions.retrieve(subscriptionId as string);
    expect(subscription).toMatchObject({ status: "active", customer: customer.id });
    expect((await second.stripe.invoices.retrieve(subscription.latest_invoice as string)).status).toBe("paid");
    expect((await second.stripe.events.list()).data.map((event) => event.id)).toEqual(events);
    const clock = (await (await fetch(`${second.emulator.publicUrl}/__clock`)).json()) as { offset_seconds: number };
    expect(clock.offset_seconds).toBe(offset_seconds);
    const replayed = await second.stripe.checkout.sessions.create(
      {
        mode: "subscription",
        customer: customer.id,
        line_items: [{ price: "price_pro_monthly_eur", quantity: 1 }],
        success_url: "http://localhost:3000/billing",
      },
      { idempotencyKey: "once" },
    );
    expect(replayed.id).toBe(kept.id);

    // The card saved before the restart is still the one that is declined.
    await advanceClock(second.emulator, 30 * DAY);
    expect((await second.stripe.subscriptions.retrieve(subscription.id)).status).toBe("past_due");
  });
});
