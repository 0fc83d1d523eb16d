import type { BackendDb } from "../db/connection";

export interface MonthlyCount {
  year: number;
  month: number;
  count: number;
}

/** The user's months across every space (and mails sent outside any), oldest first. */
export async function monthlyCountsOfUser(db: BackendDb, userId: string): Promise<MonthlyCount[]> {
  const rows = await db
    .selectFrom("monthly_sent_mails")
    .select(["year", "month", (eb) => eb.fn.sum<number>("count").as("count")])
    .where("user_id", "=", userId)
    .groupBy(["year", "month"])
    .orderBy("year")
    .orderBy("month")
    .execute();
  return rows.map((row) => ({ year: row.year, month: row.month, count: Number(row.count) }));
}

/** The user's months per space, oldest first; spaces without rows are absent. */
export async function monthlyCountsOfUserBySpace(db: BackendDb, userId: string): Promise<Map<string, MonthlyCount[]>> {
  const rows = await db
    .selectFrom("monthly_sent_mails")
    .select(["workspace_id", "year", "month", "count"])
    .where("user_id", "=", userId)
    .where("workspace_id", "is not", null)
    .orderBy("year")
    .orderBy("month")
    .execute();
  const bySpace = new Map<string, MonthlyCount[]>();
  for (const row of rows) {
    const months = bySpace.get(row.workspace_id!) ?? [];
    months.push({ year: row.year, month: row.month, count: row.count });
    bySpace.set(row.workspace_id!, months);
  }
  return bySpace;
}
