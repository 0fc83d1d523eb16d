import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase, type BackendDb } from "../connection";
import { seedDatabase } from ".";
import { hashToken } from "../../auth/tokens";
import { INVITATION_TOKENS } from "./invitations";
import { NEWCOMER_EMAIL, PERSONAS, SPACES } from "./personas";

const NOW = Date.UTC(2026, 10, 21, 9, 30);

async function seededDatabase(): Promise<BackendDb> {
  const db = openDatabase(":memory:");
  await migrateToLatest(db);
  await seedDatabase(db, NOW);
  return db;
}

let db: BackendDb;
beforeAll(async () => {
  db = await seededDatabase();
});
afterAll(() => db?.destroy());

describe("seed", () => {
  it("creates every persona with its stable id, and no user for the newcomer", async () => {
    const users = await db.selectFrom("users").select(["id", "email", "name"]).execute();
    for (const persona of Object.values(PERSONAS)) expect(users).toContainEqual(persona);
    expect(users.find((user) => user.email === NEWCOMER_EMAIL)).toBeUndefined();
  });

  it("models Acme Marketing: per-seat Pro, 7 paid members, one free, one disabled", async () => {
    const members = await db
      .selectFrom("workspace_members")
      .selectAll()
      .where("workspace_id", "=", SPACES.acmeMarketing.id)
      .execute();
    expect(members).toHaveLength(9);
    expect(members.filter((member) => member.user_plan === "PRO")).toHaveLength(7);
    expect(members.find((member) => member.user_id === PERSONAS.member.id)).toMatchObject({
      user_plan: "FREE",
      status: "ACTIVE",
    });
    expect(members.find((member) => member.user_id === PERSONAS.disabled.id)).toMatchObject({ status: "DISABLED" });
    expect(members.filter((member) => member.role === "OWNER").map((member) => member.user_id)).toEqual([
      PERSONAS.owner.id,
    ]);
  });

  it("gives every space FREE and PRO plan features and exactly one owner", async () => {
    for (const space of Object.values(SPACES)) {
      const features = await db
        .selectFrom("workspace_plan_features")
        .select("user_plan")
        .where("workspace_id", "=", space.id)
        .execute();
      expect(features.map((row) => row.user_plan).sort()).toEqual(["FREE", "PRO"]);
      const owners = await db
        .selectFrom("workspace_members")
        .select("user_id")
        .where("workspace_id", "=", space.id)
        .where("role", "=", "OWNER")
        .execute();
      expect(owners).toHaveLength(1);
    }
  });

  it("sends every user from a space they belong to; only the Gmail user never installed", async () => {
    const users = await db.selectFrom("users").selectAll().execute();
    for (const user of users) {
      const membership = await db
        .selectFrom("workspace_members")
        .select("role")
        .where("workspace_id", "=", user.addon_workspace_id!)
        .where("user_id", "=", user.id)
        .executeTakeFirst();
      expect(membership, user.email).toBeDefined();
      expect(user.installation_timestamp === null, user.email).toBe(user.email === PERSONAS.solo.email);
    }
  });

  it("keeps 14 months per membership, ending this month, with totals at least their sum", async () => {
    const users = await db.selectFrom("users").selectAll().execute();
    for (const user of users) {
      const rows = await db.selectFrom("monthly_sent_mails").selectAll().where("user_id", "=", user.id).execute();
      const memberships = await db
        .selectFrom("workspace_members")
        .select("workspace_id")
        .where("user_id", "=", user.id)
        .execute();
      const expectedRows = user.installation_timestamp === null ? 0 : memberships.length * 14;
      expect(rows, user.email).toHaveLength(expectedRows);
      expect(user.total_mails_sent, user.email).toBeGreaterThanOrEqual(
        rows.reduce((total, row) => total + row.count, 0),
      );
      if (rows.length > 0) {
        const latest = rows.reduce((a, b) => (a.year * 12 + a.month >= b.year * 12 + b.month ? a : b));
        expect(latest).toMatchObject({ year: 2026, month: 11 });
        const earliest = rows.reduce((a, b) => (a.year * 12 + a.month <= b.year * 12 + b.month ? a : b));
        expect(earliest).toMatchObject({ year: 2025, month: 10 });
      }
    }
  });

  it("gives every membership a seat type, and a paid date to paid members only", async () => {
    const members = await db.selectFrom("workspace_members").selectAll().execute();
    for (const member of members) {
      expect(member.seat_type, member.user_id).toBe("ADDED_YAMM_USER");
      expect(member.last_become_paid_timestamp === null, member.user_id).toBe(member.user_plan === "FREE");
    }
  });

  it("stores the invitations by token hash only, pending ones expiring in 30 days", async () => {
    const invitations = await db.selectFrom("invitations").selectAll().execute();
    expect(invitations).toHaveLength(Object.keys(INVITATION_TOKENS).length);
    const byToken = (token: string) => invitations.find((row) => row.token_hash === hashToken(token));
    for (const token of Object.values(INVITATION_TOKENS)) {
      expect(byToken(token), token).toBeDefined();
      expect(invitations.some((row) => row.token_hash === token)).toBe(false);
    }
    expect(byToken(INVITATION_TOKENS.soloToAcmeMarketing)).toMatchObject({
      workspace_id: SPACES.acmeMarketing.id,
      invited_email: PERSONAS.solo.email,
      invited_by_user_id: PERSONAS.owner.id,
      status: "PENDING",
      created_at: NOW,
      expires_at: NOW + 30 * 86_400_000,
    });
    expect(byToken(INVITATION_TOKENS.soloExpired)).toMatchObject({ status: "EXPIRED" });
    expect(byToken(INVITATION_TOKENS.soloExpired)!.expires_at).toBeLessThan(NOW);
    expect(byToken(INVITATION_TOKENS.soloCancelled)).toMatchObject({
      status: "CANCELLED",
      workspace_id: SPACES.bigco.id,
    });
    expect(byToken(INVITATION_TOKENS.newcomerToAcmeSales)).toMatchObject({
      invited_email: NEWCOMER_EMAIL,
      status: "PENDING",
    });
  });

  it("is deterministic for a given now", async () => {
    const again = await seededDatabase();
    try {
      const counters = (database: BackendDb) =>
        database
          .selectFrom("monthly_sent_mails")
          .select(["user_id", "workspace_id", "year", "month", "count"])
          .orderBy("id")
          .execute();
      expect(await counters(again)).toEqual(await counters(db));
      const totals = (database: BackendDb) =>
        database.selectFrom("users").select(["id", "total_mails_sent"]).orderBy("id").execute();
      expect(await totals(again)).toEqual(await totals(db));
    } finally {
      await again.destroy();
    }
  });
});
