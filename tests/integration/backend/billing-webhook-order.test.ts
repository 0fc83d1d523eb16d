/**
 * Stripe does not promise the order of its events (issue 24, item 2): a
 * recorded life of one subscription (checkout, seats added, a removal
 * scheduled, a renewal whose payment fails then is paid, and, in the second
 * run, a cancellation) is delivered to the backend in every order fast-check
 * tries, with repeats, and the space, its subscription, seats, latest
 * invoice and user plans end the same every time.
 */
import SQLite from "better-sqlite3";
import fc from "fast-check";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Kysely, SqliteDialect } from "kysely";
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KeyedQueue } from "../../../backend/src/billing/keyed-queue";
import { addSeats, scheduleSeatRemoval } from "../../../backend/src/billing/seat-changes";
import { processStripeEvent } from "../../../backend/src/billing/webhook-events";
import type { BackendDb } from "../../../backend/src/db/connection";
import type { Database } from "../../../backend/src/db/schema";
import { PERSONAS, SPACES } from "../../../backend/src/db/seed/personas";
import { stripeDemoAccount } from "../../../backend/src/db/seed/stripe-account";
import { prepareDatabase } from "../../../backend/src/db/setup";
import { advanceClock, DAY, startLocalStripe, type LocalStripe } from "../support/stripe";
import { payOnHostedPage, TEST_CARDS } from "./support/billing";

const SPACE = SPACES.birchWorks.id;
const BUYER = PERSONAS.bea;

let emulator: LocalStripe;
let stripe: Stripe;
/** The seeded database, as bytes: each delivery order starts from a copy. */
let seeded: Buffer;
let directory: string;

beforeAll(async () => {
  const seededAt = Date.now();
  ({ emulator, stripe } = await startLocalStripe({ seed: stripeDemoAccount(seededAt) }));
  directory = await fs.mkdtemp(path.join(os.tmpdir(), "yamm-webhook-order-"));
  const file = path.join(directory, "backend.sqlite");
  await (await prepareDatabase(file, seededAt)).destroy();
  const sqlite = new SQLite(file);
  // An in-memory copy cannot keep the file's write-ahead log.
  sqlite.pragma("journal_mode = DELETE");
  seeded = sqlite.serialize();
  sqlite.close();
});

afterAll(async () => {
  await emulator?.close();
  if (directory) await fs.rm(directory, { recursive: true, force: true });
});

/** An in-memory copy of the seeded database. */
function freshDatabase(): BackendDb {
  const sqlite = new SQLite(seeded);
  sqlite.pragma("foreign_keys = ON");
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

/** What the space ends as: the facts the billing and members pages read. */
async function finalState(db: BackendDb, subscriptionId: string) {
  const space = await db
    .selectFrom("workspaces")
    .select(["plan", "payment_source"])
    .where("id", "=", SPACE)
    .executeTakeFirstOrThrow();
  const subscription = await db
    .selectFrom("subscriptions")
    .select([
      "status",
      "workspace_plan",
      "auto_renew",
      "start_timestamp",
      "end_timestamp",
      "coupon_id",
      "latest_invoice_id",
      "latest_invoice_paid",
      "latest_invoice_payment_status",
    ])
    .where("id", "=", subscriptionId)
    .executeTakeFirst();
  const seats = await db
    .selectFrom("subscription_seat_plans")
    .select(["payment_plan_id", "total_seats"])
    .where("subscription_id", "=", subscriptionId)
    .execute();
  const removals = await db
    .selectFrom("scheduled_seat_removals")
    .select(["target_seats_quantity", "status"])
    .where("subscription_id", "=", subscriptionId)
    .execute();
  const members = await db
    .selectFrom("workspace_members")
    .select(["user_id", "user_plan", "scheduled_downgrade"])
    .where("workspace_id", "=", SPACE)
    .orderBy("user_id")
    .execute();
  return { space, subscription, seats, removals, members };
}

/** Every event the local Stripe made since `after` (an event id; all when null), oldest first. */
function eventsSince(after: string | null): Stripe.Event[] {
  const all = [...emulator.webhooks.events.values()] as unknown as Stripe.Event[];
  return after ? all.slice(all.findIndex((event) => event.id === after) + 1) : all;
}

/** Whether an event is about the subscription (the clock renews the seeded ones too). */
function isAbout(event: Stripe.Event, subscriptionId: string) {
  const object = event.data.object as { id: string; subscription?: unknown; parent?: Stripe.Invoice["parent"] };
  return (
    object.id === subscriptionId ||
    object.subscription === subscriptionId ||
    object.parent?.subscription_details?.subscription === subscriptionId
  );
}

/** The events delivered in this order (indices into `events`), to a fresh copy of the seeded database. */
async function deliver(events: readonly Stripe.Event[], order: readonly number[], subscriptionId: string) {
  const db = freshDatabase();
  try {
    const deps = { db, stripe, serial: new KeyedQueue() };
    for (const index of order) await processStripeEvent(deps, events[index]!, 1_800_000_000_000);
    return await finalState(db, subscriptionId);
  } finally {
    await db.destroy();
  }
}

/** Every event once, in any order, and some of them again anywhere: the indices of a delivery. */
const deliveryOrder = (count: number) =>
  fc
    .tuple(
      fc.shuffledSubarray(
        Array.from({ length: count }, (_, index) => index),
        { minLength: count },
      ),
      fc.array(fc.tuple(fc.nat(), fc.nat({ max: count - 1 })), { maxLength: count }),
    )
    .map(([order, repeats]) => {
      const delivered = [...order];
      for (const [at, index] of repeats) delivered.splice(at % (delivered.length + 1), 0, index);
      return delivered;
    });

/** A portal session's hosted page, where the customer replaces the card (the local Stripe's, as Stripe's portal). */
async function replaceCard(customer: string, card: string) {
  const portal = await stripe.billingPortal.sessions.create({ customer, return_url: "http://localhost:3000/" });
  await fetch(`${portal.url}/card`, { method: "POST", redirect: "manual", body: new URLSearchParams({ card }) });
}

describe("webhooks in any order (fast-check)", () => {
  let subscriptionId = "";
  let lifeEvents: Stripe.Event[] = [];

  it("records a subscription's life on the local Stripe", async () => {
    const before = eventsSince(null).at(-1)?.id ?? null;
    const customer = await stripe.customers.create({ email: BUYER.email, metadata: { workspaceId: SPACE } });
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer: customer.id,
      line_items: [{ price: "price_pro_yearly_usd", quantity: 2 }],
      subscription_data: { metadata: { workspaceId: SPACE, userId: BUYER.id } },
      metadata: { workspaceId: SPACE, userId: BUYER.id },
      success_url: "http://localhost:3000/billing",
    });
    await payOnHostedPage(session.url!, TEST_CARDS.pays);
    subscriptionId = (await stripe.checkout.sessions.retrieve(session.id)).subscription as string;

    await addSeats(stripe, { subscriptionId, totals: new Map([["pro-yearly-usd", 6]]), couponId: "5SEATS" });
    await scheduleSeatRemoval(stripe, {
      subscriptionId,
      totals: new Map([["pro-yearly-usd", 5]]),
      couponId: "5SEATS",
    });
    // The renewal is declined (the removal takes effect then), and the customer pays its invoice afterwards.
    await replaceCard(customer.id, TEST_CARDS.declined);
    await advanceClock(emulator, 366 * DAY);
    const renewed = await stripe.subscriptions.retrieve(subscriptionId);
    expect(renewed.status).toBe("past_due");
    await payOnHostedPage(`${emulator.publicUrl}/i/${renewed.latest_invoice as string}`, TEST_CARDS.pays);
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe("active");

    lifeEvents = eventsSince(before).filter((event) => isAbout(event, subscriptionId));
    expect(lifeEvents.map((event) => event.type)).toEqual(
      expect.arrayContaining([
        "customer.subscription.created",
        "checkout.session.completed",
        "customer.subscription.updated",
        "invoice.paid",
        "invoice.payment_failed",
      ]),
    );
  });

  it("ends the same whatever the order: PRO, 5 seats after the removal, the renewal paid, the buyer on a seat", async () => {
    const inOrder = await deliver(
      lifeEvents,
      lifeEvents.map((_, index) => index),
      subscriptionId,
    );
    expect(inOrder).toMatchObject({
      space: { plan: "PRO", payment_source: "STRIPE" },
      subscription: { status: "ACTIVE", coupon_id: "5SEATS", latest_invoice_paid: 1, auto_renew: 1 },
      seats: [{ payment_plan_id: "pro-yearly-usd", total_seats: 5 }],
      members: [{ user_id: BUYER.id, user_plan: "PRO" }],
    });
    await fc.assert(
      fc.asyncProperty(deliveryOrder(lifeEvents.length), async (order) => {
        expect(await deliver(lifeEvents, order, subscriptionId)).toEqual(inOrder);
      }),
      { numRuns: 25 },
    );
  });

  it("and once cancelled, no older event brings it back: FREE, the subscription CANCELED, every member FREE", async () => {
    const before = eventsSince(null).at(-1)!.id;
    await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    await advanceClock(emulator, 366 * DAY);
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe("canceled");
    const events = [...lifeEvents, ...eventsSince(before).filter((event) => isAbout(event, subscriptionId))];
    expect(events.at(-1)?.type).toBe("customer.subscription.deleted");

    const inOrder = await deliver(
      events,
      events.map((_, index) => index),
      subscriptionId,
    );
    expect(inOrder).toMatchObject({
      space: { plan: "FREE", payment_source: null },
      subscription: { status: "CANCELED", auto_renew: 0 },
      members: [{ user_id: BUYER.id, user_plan: "FREE" }],
    });
    await fc.assert(
      fc.asyncProperty(deliveryOrder(events.length), async (order) => {
        expect(await deliver(events, order, subscriptionId)).toEqual(inOrder);
      }),
      { numRuns: 25 },
    );
    // The old bug's case exactly: an update from before the end, delivered last.
    const lastUpdate = events.map((event) => event.type).lastIndexOf("customer.subscription.updated");
    const deletedThenStale = events.map((_, index) => index).filter((index) => index !== lastUpdate);
    expect(await deliver(events, [...deletedThenStale, lastUpdate], subscriptionId)).toEqual(inOrder);
  });
});
