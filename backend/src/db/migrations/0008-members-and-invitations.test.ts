import { Migrator, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase, type BackendDb } from "../connection";
import { migrations } from ".";

/** Every migration before this one, as a database made before it would have run. */
const earlier = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < "0008"));

let db: BackendDb;
beforeAll(async () => {
  db = openDatabase(":memory:");
  const { error } = await new Migrator({ db, provider: { getMigrations: async () => earlier } }).migrateToLatest();
  if (error) throw error;
  await sql`insert into users (id, email, name, last_update_timestamp, domain_name)
    values ('u1', 'paid@x.test', 'Paid', 1, 'x.test'), ('u2', 'free@x.test', 'Free', 1, 'x.test'),
           ('u3', 'pending@x.test', 'Pending', 1, 'x.test')`.execute(db);
  await sql`insert into workspaces (id, name, slug, plan, created_at) values ('w1', 'Space', 'space', 'PRO', 1)`.execute(
    db,
  );
  await sql`insert into workspace_members (workspace_id, user_id, role, user_plan, status, seat_type, create_timestamp, last_update_timestamp)
    values ('w1', 'u1', 'OWNER', 'PRO', 'ACTIVE', 'ADDED_YAMM_USER', 100, 200),
           ('w1', 'u2', 'MEMBER', 'FREE', 'DISABLED', null, 300, 400),
           ('w1', 'u3', 'MEMBER', 'FREE', 'PENDING', null, 500, 600)`.execute(db);
  await migrateToLatest(db);
});
afterAll(() => db?.destroy());

describe("migration 0008-members-and-invitations on an existing database", () => {
  it("gives older memberships a seat type and paid members their paid date", async () => {
    const rows = await db
      .selectFrom("workspace_members")
      .select(["user_id", "seat_type", "last_become_paid_timestamp"])
      .orderBy("user_id")
      .execute();
    expect(rows).toEqual([
      { user_id: "u1", seat_type: "ADDED_YAMM_USER", last_become_paid_timestamp: 100 },
      { user_id: "u2", seat_type: "ADDED_YAMM_USER", last_become_paid_timestamp: null },
      { user_id: "u3", seat_type: "PENDING_YAMM_USER", last_become_paid_timestamp: null },
    ]);
  });

  it("creates an empty invitations table", async () => {
    expect(await db.selectFrom("invitations").selectAll().execute()).toEqual([]);
  });
});
