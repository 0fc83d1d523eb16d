import type { BackendDb } from "../connection";
import { seedBilling } from "./billing";
import { seedInvitations } from "./invitations";
import { seedMailMerges } from "./mail-merges";
import { seedPromotions } from "./promotions";
import { seedRecipients } from "./recipients";
import { seedSentMailCounters } from "./sent-mail-counters";
import { seedTemplates } from "./templates";
import { seedUsersAndSpaces } from "./users-and-spaces";

/**
 * Fills an empty, migrated database with the demo personas. Deterministic
 * except for timestamps, which are relative to `now`. Later areas (campaigns,
 * billing…) add their own seed module and a line here, after the spaces exist.
 */
export async function seedDatabase(db: BackendDb, now: number = Date.now()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await seedUsersAndSpaces(trx, now);
    await seedBilling(trx, now);
    await seedSentMailCounters(trx, now);
    await seedPromotions(trx);
    await seedInvitations(trx, now);
    // After the counters: the campaigns are sized on them, then the counters are set to what they sent.
    await seedMailMerges(trx, now);
    await seedRecipients(trx, now);
    await seedTemplates(trx, now);
  });
}

export async function isDatabaseEmpty(db: BackendDb): Promise<boolean> {
  const row = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count) === 0;
}
