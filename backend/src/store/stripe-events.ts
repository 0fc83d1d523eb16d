import type { BackendDb } from "../db/connection";

/** Records a Stripe event as processed; false when it already was (a redelivery or a replay). */
export async function claimStripeEvent(
  db: BackendDb,
  event: { id: string; type: string; created: number; now: number },
): Promise<boolean> {
  const result = await db
    .insertInto("stripe_events")
    .values({ id: event.id, type: event.type, created: event.created, processed_at: event.now })
    .onConflict((oc) => oc.column("id").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Whether the event was processed already (by its webhook, or by an earlier reconciliation). */
export async function isStripeEventProcessed(db: BackendDb, id: string): Promise<boolean> {
  const row = await db.selectFrom("stripe_events").select("id").where("id", "=", id).executeTakeFirst();
  return row !== undefined;
}

/** The `created` (unix seconds) through which the reconciliation has read Stripe's events; null before its first run. */
export async function readEventCursor(db: BackendDb): Promise<number | null> {
  const row = await db.selectFrom("stripe_event_cursor").select("read_through").executeTakeFirst();
  return row?.read_through ?? null;
}

export async function saveEventCursor(db: BackendDb, readThrough: number): Promise<void> {
  await db
    .insertInto("stripe_event_cursor")
    .values({ id: 1, read_through: readThrough })
    .onConflict((oc) => oc.column("id").doUpdateSet({ read_through: readThrough }))
    .execute();
}
