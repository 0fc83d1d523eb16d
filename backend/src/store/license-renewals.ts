import type { BackendDb } from "../db/connection";

/** Whether the licence still renews automatically; true until stopped. */
export async function licenseAutoRenews(db: BackendDb, subscriptionId: string): Promise<boolean> {
  const row = await db
    .selectFrom("license_renewals")
    .select("auto_renew")
    .where("subscription_id", "=", subscriptionId)
    .executeTakeFirst();
  return row ? row.auto_renew === 1 : true;
}

/**
 * Stops the automatic renewal; stopping it again changes nothing but the
 * time. The licence's subscription row, when it has one (a legacy licence
 * outside Stripe), no longer renews either.
 */
export async function stopLicenseAutoRenewal(
  db: BackendDb,
  { subscriptionId, userId, now = Date.now() }: { subscriptionId: string; userId: string; now?: number },
): Promise<void> {
  await db
    .insertInto("license_renewals")
    .values({ subscription_id: subscriptionId, user_id: userId, auto_renew: 0, updated_at: now })
    .onConflict((conflict) => conflict.column("subscription_id").doUpdateSet({ auto_renew: 0, updated_at: now }))
    .execute();
  await db
    .updateTable("subscriptions")
    .set({ auto_renew: 0 })
    .where("id", "=", subscriptionId)
    .where("payment_source", "!=", "STRIPE")
    .execute();
}
