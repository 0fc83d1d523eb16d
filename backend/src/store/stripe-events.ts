import type { BackendDb } from "../db/connection";

/** Records a Stripe event as processed; false when it already was (a redelivery or a replay). */
export async function claimStripeEvent(
  db: BackendDb,
  event: { id: string; type: string; now: number },
): Promise<boolean> {
  const result = await db
    .insertInto("stripe_events")
    .values({ id: event.id, type: event.type, processed_at: event.now })
    .onConflict((oc) => oc.column("id").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}
