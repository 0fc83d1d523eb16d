import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase, type BackendDb } from "../connection";
import { seedDatabase } from ".";
import { hashToken } from "../../auth/tokens";
import { seedInvitationTokens } from "./invitations";
import { SCHEDULED_CAMPAIGNS, SENT_CAMPAIGNS } from "./mail-merges";
import { NEWCOMER_EMAIL, PERSONAS, SPACES } from "./personas";
import { stripeDemoAccount } from "./stripe-account";

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

  it("models Acme Marketing: per-seat Pro, 7 paid members, a Gmail seat, one free, one disabled, two trials", async () => {
    const members = await db
      .selectFrom("workspace_members")
      .selectAll()
      .where("workspace_id", "=", SPACES.acmeMarketing.id)
      .execute();
    expect(members).toHaveLength(12);
    const paid = members.filter((member) => member.user_plan !== "FREE" && member.free_trial_end_timestamp === null);
    expect(paid.map((member) => member.user_plan).sort()).toEqual([...Array(7).fill("PRO"), "PRO_PERSONAL"]);
    const trials = members.filter((member) => member.status === "FREE_TRIAL");
    expect(
      trials.map((member) => member.free_trial_end_timestamp! > Date.now() || member.free_trial_end_timestamp),
    ).toEqual([true, -1]);
    expect(members.filter((member) => member.scheduled_downgrade === 1).map((member) => member.user_id)).toEqual([
      PERSONAS.ivanJones.id,
    ]);
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

  it("gives every membership a seat type, and a paid date to paid members only (not to trials)", async () => {
    const members = await db.selectFrom("workspace_members").selectAll().execute();
    for (const member of members) {
      expect(member.seat_type, member.user_id).toBe("ADDED_YAMM_USER");
      const paid = member.user_plan !== "FREE" && member.status !== "FREE_TRIAL";
      expect(member.last_become_paid_timestamp !== null, member.user_id).toBe(paid);
    }
  });

  it("gives the paying spaces their subscription, Harbor its cancelled one, Fern Studio a seat removal at renewal, and legacy spaces their licence", async () => {
    const subscriptions = await db.selectFrom("subscriptions").selectAll().orderBy("workspace_id").execute();
    expect(
      subscriptions.map((row) => [row.id, row.workspace_id, row.billing_interval, row.status, row.payment_source]),
    ).toEqual([
      ["sub_acme_marketing", SPACES.acmeMarketing.id, "YEARLY", "ACTIVE", "STRIPE"],
      ["I-7K2M9X4QHB3N", SPACES.oldcoTeam.id, "YEARLY", "ACTIVE", "PAYPAL"],
      ["sub_bigco", SPACES.bigco.id, "YEARLY", "ACTIVE", "STRIPE"],
      ["sub_fern_studio", SPACES.fernStudio.id, "MONTHLY", "ACTIVE", "STRIPE"],
      ["sub_pine_labs", SPACES.pineLabs.id, "YEARLY", "ACTIVE", "STRIPE"],
      ["sub_quill_co", SPACES.quillCo.id, "YEARLY", "ACTIVE", "STRIPE"],
      ["sub_harbor", SPACES.harbor.id, "YEARLY", "CANCELED", "STRIPE"],
      ["offline_kiln_works", SPACES.kilnWorks.id, "YEARLY", "ACTIVE", "OFFLINE"],
      ["sub_lumen_gmbh", SPACES.lumenGmbh.id, "YEARLY", "ACTIVE", "STRIPE"],
      ["sub_maple_media", SPACES.mapleMedia.id, "YEARLY", "ACTIVE", "STRIPE"],
      ["sub_cedar_media", SPACES.cedarMedia.id, "YEARLY", "ACTIVE", "STRIPE"],
      ["sub_tidal_one", SPACES.tidalOne.id, "YEARLY", "ACTIVE", "STRIPE"],
      ["sub_tidal_two", SPACES.tidalTwo.id, "YEARLY", "ACTIVE", "STRIPE"],
      ["sub_delta_group", SPACES.deltaGroup.id, "YEARLY", "ACTIVE", "STRIPE"],
      ["sub_ghent_team", SPACES.ghentTeam.id, "YEARLY", "ACTIVE", "STRIPE"],
      ["sub_willow_co", SPACES.willowCo.id, "MONTHLY", "ACTIVE", "STRIPE"],
      ["I-3T8W5ZQ2LD7C", SPACES.oldcoTwo.id, "YEARLY", "ACTIVE", "PAYPAL"],
      ["I-9H4R6P1VXM2E", SPACES.oldcoThree.id, "YEARLY", "ACTIVE", "PAYPAL"],
      ["sub_bigco_west", SPACES.bigcoWest.id, "YEARLY", "ACTIVE", "STRIPE"],
      ["sub_pine_two", SPACES.pineTwo.id, "YEARLY", "ACTIVE", "STRIPE"],
      ["sub_pine_three", SPACES.pineThree.id, "YEARLY", "ACTIVE", "STRIPE"],
      ["sub_quill_two", SPACES.quillTwo.id, "YEARLY", "ACTIVE", "STRIPE"],
      ["sub_quill_three", SPACES.quillThree.id, "YEARLY", "ACTIVE", "STRIPE"],
    ]);
    const byId = new Map(subscriptions.map((row) => [row.id, row]));
    expect(byId.get("sub_acme_marketing")).toMatchObject({ coupon_id: "10SEATS", latest_invoice_paid: 1 });
    expect(byId.get("sub_lumen_gmbh")).toMatchObject({ currency: "EUR", tax_rate: 19, coupon_id: "5SEATS" });
    expect(byId.get("sub_pine_labs")).toMatchObject({
      latest_invoice_paid: 0,
      latest_invoice_payment_status: "requires_payment_method",
    });
    expect(byId.get("sub_quill_co")).toMatchObject({ latest_invoice_payment_status: "requires_action" });
    expect(byId.get("sub_tidal_one")).toMatchObject({
      scheduled_billing_interval: "MONTHLY",
      stripe_subscription_schedule_id: "sub_sched_tidal_one",
    });
    expect(byId.get("sub_willow_co")).toMatchObject({
      scheduled_billing_interval: "YEARLY",
      stripe_subscription_schedule_id: "sub_sched_willow_co",
    });
    expect(byId.get("I-7K2M9X4QHB3N")).toMatchObject({
      workspace_plan: "LEGACY",
      legal_entity: "US",
      stripe_customer_id: null,
    });
    expect(byId.get("sub_ghent_team")).toMatchObject({
      workspace_plan: "LEGACY",
      legal_entity: "BE",
      currency: "EUR",
      tax_rate: 21,
    });
    // Seat coupons are per-seat: Bigco's five paid users have none.
    expect(byId.get("sub_bigco")).toMatchObject({ workspace_plan: "PREMIUM", coupon_id: null });
    expect(byId.get("sub_harbor")!.end_timestamp).toBeLessThan(NOW);
    expect(byId.get("offline_kiln_works")).toMatchObject({ stripe_customer_id: null, latest_invoice_id: null });

    const plans = await db
      .selectFrom("subscription_seat_plans")
      .selectAll()
      .where("subscription_id", "in", ["sub_acme_marketing", "sub_bigco", "sub_fern_studio"])
      .orderBy("payment_plan_id")
      .execute();
    expect(plans.map((row) => [row.subscription_id, row.user_plan, row.total_seats, row.unit_amount])).toEqual([
      ["sub_bigco", "PRO", 4, 12_000],
      ["sub_fern_studio", "PRO", 5, 2000],
      ["sub_acme_marketing", "PRO_PERSONAL", 1, 3600],
      ["sub_bigco", "PRO_PERSONAL", 1, 3600],
      ["sub_acme_marketing", "PRO", 10, 6000],
    ]);
    const removals = await db.selectFrom("scheduled_seat_removals").selectAll().execute();
    expect(removals).toEqual([
      expect.objectContaining({
        subscription_id: "sub_fern_studio",
        target_seats_quantity: 3,
        status: "PENDING",
        remove_seats_at: byId.get("sub_fern_studio")!.end_timestamp,
        stripe_subscription_schedule_id: "sub_sched_fern_studio",
      }),
    ]);
  });

  it("gives every space paid through Stripe its Stripe customer, Lumen GmbH in Germany with its VAT rate", async () => {
    const customers = await db.selectFrom("billing_customers").selectAll().orderBy("workspace_id").execute();
    expect(customers.map((row) => row.stripe_customer_id)).toEqual([
      "cus_acme_marketing",
      "cus_bigco",
      "cus_fern_studio",
      "cus_pine_labs",
      "cus_quill_co",
      "cus_harbor",
      "cus_lumen_gmbh",
      "cus_maple_media",
      "cus_cedar_media",
      "cus_tidal_one",
      "cus_tidal_two",
      "cus_delta_group",
      "cus_ghent_team",
      "cus_willow_co",
      "cus_bigco_west",
      "cus_pine_two",
      "cus_pine_three",
      "cus_quill_two",
      "cus_quill_three",
    ]);
    expect(customers.find((row) => row.workspace_id === SPACES.lumenGmbh.id)).toMatchObject({
      country: "DE",
      tax_rate_id: "txr_lumen_gmbh_vat",
      tax_rate_country: "DE",
    });
  });

  it("gives the local Stripe the same customers and subscriptions: items, periods, coupon, tax, changes planned", async () => {
    const account = stripeDemoAccount(NOW);
    const rows = await db.selectFrom("subscriptions").selectAll().where("payment_source", "=", "STRIPE").execute();
    const plans = await db.selectFrom("subscription_seat_plans").selectAll().execute();
    const customers = await db.selectFrom("billing_customers").selectAll().execute();
    expect(account.subscriptions.map((subscription) => subscription.id).sort()).toEqual(
      rows.map((row) => row.id).sort(),
    );
    for (const row of rows) {
      const seeded = account.subscriptions.find((subscription) => subscription.id === row.id)!;
      expect(seeded, row.id).toMatchObject({
        customer: row.stripe_customer_id,
        periodStart: row.start_timestamp / 1000,
        periodEnd: row.end_timestamp / 1000,
        metadata: { workspaceId: row.workspace_id },
        status: row.status === "CANCELED" ? "canceled" : expect.stringMatching(/^(active|past_due)$/),
      });
      expect(seeded.couponId ?? null, row.id).toBe(row.coupon_id);
      expect(seeded.scheduledChange?.scheduleId ?? null, row.id).toBe(row.stripe_subscription_schedule_id);
      expect(seeded.items, row.id).toEqual(
        plans
          .filter((plan) => plan.subscription_id === row.id)
          .map((plan) => ({ lookupKey: plan.payment_plan_id, quantity: plan.total_seats })),
      );
      const customer = customers.find((candidate) => candidate.stripe_customer_id === row.stripe_customer_id)!;
      expect(account.customers.find((candidate) => candidate.id === customer.stripe_customer_id)).toMatchObject({
        address: { country: customer.country },
        metadata: { workspaceId: customer.workspace_id },
      });
    }
    expect(
      account.subscriptions.find((subscription) => subscription.id === "sub_fern_studio")!.scheduledChange,
    ).toEqual({
      scheduleId: "sub_sched_fern_studio",
      items: [{ lookupKey: "pro-monthly-usd", quantity: 3 }],
    });
    expect(account.subscriptions.find((subscription) => subscription.id === "sub_tidal_two")!.scheduledChange).toEqual({
      scheduleId: "sub_sched_tidal_two",
      items: [{ lookupKey: "pro-monthly-usd", quantity: 2 }],
    });
    expect(account.subscriptions.find((subscription) => subscription.id === "sub_willow_co")!.scheduledChange).toEqual({
      scheduleId: "sub_sched_willow_co",
      items: [{ lookupKey: "pro-yearly-usd", quantity: 2 }],
    });
    expect(account.taxRates).toEqual([
      { id: "txr_lumen_gmbh_vat", percentage: 19, country: "DE", displayName: "VAT" },
      { id: "txr_ghent_team_vat", percentage: 21, country: "BE", displayName: "VAT" },
    ]);
    expect(account.subscriptions.find((subscription) => subscription.id === "sub_lumen_gmbh")).toMatchObject({
      taxRateId: "txr_lumen_gmbh_vat",
      couponId: "5SEATS",
    });
  });

  it("gives the seeded invite links random tokens of 192 bits, new with every seeding", async () => {
    const tokens = Object.values(await seedInvitationTokens(db));
    for (const token of tokens) expect(token).toMatch(/^[\w-]{32}$/);
    expect(new Set(tokens).size).toBe(tokens.length);
    const other = await seededDatabase();
    try {
      const again = Object.values(await seedInvitationTokens(other));
      expect(again.filter((token) => tokens.includes(token))).toEqual([]);
    } finally {
      await other.destroy();
    }
  });

  it("stores the invitations by token hash only, pending ones expiring in 30 days", async () => {
    const INVITATION_TOKENS = await seedInvitationTokens(db);
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

  it("sets every membership's monthly counters to what its sent campaigns sent that month", async () => {
    const counters = await db.selectFrom("monthly_sent_mails").selectAll().execute();
    const campaigns = await db
      .selectFrom("sent_campaigns")
      .select([
        "user_id",
        "workspace_id",
        "last_email_sent_timestamp",
        "sent_count",
        "create_timestamp",
        "last_update_timestamp",
      ])
      .execute();
    const sums = new Map<string, number>();
    for (const campaign of campaigns) {
      const date = new Date(campaign.last_email_sent_timestamp);
      const key = `${campaign.user_id}:${campaign.workspace_id}:${date.getUTCFullYear()}-${date.getUTCMonth() + 1}`;
      sums.set(key, (sums.get(key) ?? 0) + campaign.sent_count);
      expect(campaign.create_timestamp).toBeLessThanOrEqual(campaign.last_email_sent_timestamp);
      expect(campaign.last_email_sent_timestamp).toBeLessThanOrEqual(campaign.last_update_timestamp);
      expect(campaign.last_update_timestamp).toBeLessThanOrEqual(NOW);
    }
    let counted = 0;
    for (const row of counters) {
      const key = `${row.user_id}:${row.workspace_id}:${row.year}-${row.month}`;
      expect(row.count, key).toBe(sums.get(key) ?? 0);
      if (sums.has(key)) counted += 1;
    }
    // No campaign falls outside the 14 months of counters.
    expect(counted).toBe(sums.size);
  });

  it("gives owner@acme.test 60 sent campaigns in Acme Marketing, 8 with a poll, 4 of them with results", async () => {
    const campaigns = await db
      .selectFrom("sent_campaigns")
      .selectAll()
      .where("user_id", "=", PERSONAS.owner.id)
      .where("workspace_id", "=", SPACES.acmeMarketing.id)
      .execute();
    expect(campaigns).toHaveLength(60);
    const withPoll = campaigns.filter((campaign) => campaign.has_poll === 1).map((campaign) => campaign.id);
    expect(withPoll.sort()).toEqual(
      [
        SENT_CAMPAIGNS.webinarFollowUp,
        SENT_CAMPAIGNS.customerSurvey,
        SENT_CAMPAIGNS.partnerSummitInvitation,
        SENT_CAMPAIGNS.productFeedback,
        SENT_CAMPAIGNS.teamOffsiteRsvp,
        SENT_CAMPAIGNS.npsFollowUp,
        SENT_CAMPAIGNS.tradeShowLeads,
        SENT_CAMPAIGNS.workshopRegistration,
      ].sort(),
    );
    const results = await db.selectFrom("poll_results").select("campaign_id").distinct().execute();
    expect(results.map((row) => row.campaign_id).sort()).toEqual(
      [
        SENT_CAMPAIGNS.webinarFollowUp,
        SENT_CAMPAIGNS.partnerSummitInvitation,
        SENT_CAMPAIGNS.teamOffsiteRsvp,
        SENT_CAMPAIGNS.tradeShowLeads,
      ].sort(),
    );
    const responses = await db.selectFrom("poll_responses").select("campaign_id").distinct().execute();
    expect(responses.map((row) => row.campaign_id).sort()).toEqual(withPoll.sort());
    expect(campaigns.filter((campaign) => campaign.subject === null).length).toBeGreaterThanOrEqual(2);
    for (const campaign of campaigns) {
      const delivered = campaign.sent_count - campaign.bounced_count;
      expect(campaign.opened_count).toBeLessThanOrEqual(delivered);
      expect(campaign.clicked_count).toBeLessThanOrEqual(campaign.opened_count);
    }
  });

  it("seeds a scheduled merge in every status, and none for Free users or the Gmail user", async () => {
    const scheduled = await db.selectFrom("scheduled_campaigns").selectAll().execute();
    expect(scheduled.map((row) => row.id).sort()).toEqual(Object.values(SCHEDULED_CAMPAIGNS).sort());
    const ownStatuses = new Set(scheduled.filter((row) => row.user_id === PERSONAS.owner.id).map((row) => row.status));
    expect(ownStatuses.size).toBe(9);
    for (const persona of [PERSONAS.member, PERSONAS.solo, PERSONAS.salesLead]) {
      expect(scheduled.filter((row) => row.user_id === persona.id)).toEqual([]);
    }
    const solo = await db.selectFrom("sent_campaigns").select("id").where("user_id", "=", PERSONAS.solo.id).execute();
    expect(solo).toEqual([]);
  });

  it("seeds recipients: 40 unsubscriptions and 30 bounces for the owner, some for solo, none in Acme Sales", async () => {
    const visible = async (table: "unsubscriptions" | "bounces", workspaceId: string, userId: string) =>
      (await db.selectFrom(table).selectAll().where("workspace_id", "=", workspaceId).execute()).filter(
        (row) => row.type === "WORKSPACE" || row.owner_user_id === userId,
      );
    expect(await visible("unsubscriptions", SPACES.acmeMarketing.id, PERSONAS.owner.id)).toHaveLength(40);
    expect(await visible("bounces", SPACES.acmeMarketing.id, PERSONAS.owner.id)).toHaveLength(30);
    expect(await visible("unsubscriptions", SPACES.samsSpace.id, PERSONAS.solo.id)).toHaveLength(5);
    expect(await visible("bounces", SPACES.samsSpace.id, PERSONAS.solo.id)).toHaveLength(3);
    for (const table of ["unsubscriptions", "bounces"] as const) {
      expect(await db.selectFrom(table).select("id").where("workspace_id", "=", SPACES.acmeSales.id).execute()).toEqual(
        [],
      );
    }
  });

  it("seeds twelve templates, shuffled, with orders 1 to 12", async () => {
    const templates = await db.selectFrom("templates").selectAll().execute();
    expect(templates.map((row) => row.sort_order).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 1),
    );
    for (const template of templates) {
      expect(template.id).toBe(`tpl-${String(template.sort_order).padStart(2, "0")}`);
      expect(template.thumbnail).toBe(`/images/templates/${template.id}.svg`);
    }
  });

  it("keeps campaign_counts equal to each user's sent and scheduled merges per space", async () => {
    const counted = async (table: "sent_campaigns" | "scheduled_campaigns") =>
      Object.fromEntries(
        (
          await db
            .selectFrom(table)
            .select(["user_id", "workspace_id", (eb) => eb.fn.countAll<number>().as("count")])
            .groupBy(["user_id", "workspace_id"])
            .execute()
        ).map((row) => [`${row.user_id}:${row.workspace_id}`, Number(row.count)]),
      );
    const [sent, scheduled] = [await counted("sent_campaigns"), await counted("scheduled_campaigns")];
    const counts = await db.selectFrom("campaign_counts").selectAll().execute();
    for (const row of counts) {
      const key = `${row.user_id}:${row.workspace_id}`;
      expect(row.sent, key).toBe(sent[key] ?? 0);
      expect(row.scheduled, key).toBe(scheduled[key] ?? 0);
    }
    expect(counts.filter((row) => row.sent > 0)).toHaveLength(Object.keys(sent).length);
    expect(counts.filter((row) => row.scheduled > 0)).toHaveLength(Object.keys(scheduled).length);
  });
});
