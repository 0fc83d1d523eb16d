import type { UserPlan } from "../../domain/enums";
import type { BackendDb } from "../connection";
import { PERSONAS, SEED_SPACES, SEED_USERS, SPACES } from "./personas";
import { randomInt, seededRandom } from "./random";

const MONTHS_OF_HISTORY = 14;

/** Typical monthly volume: Free users are capped at 20 recipients a day, Pro at 1500. */
const MONTHLY_RANGE: Record<UserPlan, [number, number]> = {
  FREE: [0, 380],
  PRO: [250, 2600],
  PRO_PERSONAL: [80, 900],
};

/** The last `count` calendar months (UTC) ending with the current one, oldest first. */
export function recentMonths(now: number, count: number): Array<{ year: number; month: number }> {
  const current = new Date(now);
  return Array.from({ length: count }, (_, index) => {
    const date = new Date(Date.UTC(current.getUTCFullYear(), current.getUTCMonth() - (count - 1 - index), 1));
    return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1 };
  });
}

/**
 * 14 months of sent-mail counts for every membership of a user who has the
 * add-on installed, with the current month only partly elapsed. Each user's
 * lifetime total adds older history on top, so it is never below the sum.
 */
export async function seedSentMailCounters(db: BackendDb, now: number): Promise<void> {
  const months = recentMonths(now, MONTHS_OF_HISTORY);
  const today = new Date(now);
  const daysInMonth = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 0)).getUTCDate();
  const elapsedShare = today.getUTCDate() / daysInMonth;
  const totals = new Map<string, number>();

  for (const space of SEED_SPACES) {
    for (const member of space.members) {
      const user = SEED_USERS.find((candidate) => candidate.persona === member.persona)!;
      if (user.installedDaysAgo === null) continue;
      const userId = PERSONAS[member.persona].id;
      const workspaceId = SPACES[space.space].id;
      const random = seededRandom(`${userId}:${workspaceId}`);
      const [min, max] = MONTHLY_RANGE[member.userPlan];
      const rows = months.map(({ year, month }, index) => {
        const quietMonth = random() < 0.1;
        const full = quietMonth ? 0 : randomInt(random, min, max);
        const isCurrent = index === months.length - 1;
        return {
          user_id: userId,
          workspace_id: workspaceId,
          year,
          month,
          count: isCurrent ? Math.round(full * elapsedShare) : full,
        };
      });
      await db.insertInto("monthly_sent_mails").values(rows).execute();
      const sum = rows.reduce((total, row) => total + row.count, 0);
      totals.set(userId, (totals.get(userId) ?? 0) + sum);
    }
  }

  for (const user of SEED_USERS) {
    const userId = PERSONAS[user.persona].id;
    const recent = totals.get(userId) ?? 0;
    const olderMonths = Math.max(0, Math.floor((user.installedDaysAgo ?? 0) / 30) - MONTHS_OF_HISTORY);
    const olderHistory = olderMonths * randomInt(seededRandom(`${userId}:history`), 50, 900);
    await db
      .updateTable("users")
      .set({ total_mails_sent: recent + olderHistory })
      .where("id", "=", userId)
      .execute();
  }
}
