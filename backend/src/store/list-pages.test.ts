import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase, type BackendDb } from "../db/connection";
import { seedDatabase } from "../db/seed";
import { PERSONAS, SPACES } from "../db/seed/personas";
import { sentCampaignQuery, recipientQuery } from "../domain/list-queries";
import { ANCHOR_SPACING, listVersion } from "./list-pages";
import { insertRecipients, listRecipients } from "./recipients";
import { insertSentCampaigns, listSentCampaigns } from "./sent-campaigns";

const NOW = Date.UTC(2026, 10, 21, 9, 30);
const WORKSPACE = SPACES.acmeMarketing.id;
const USER = PERSONAS.graceHall.id;
const ROWS = 3 * ANCHOR_SPACING + 37;

let db: BackendDb;
beforeAll(async () => {
  db = openDatabase(":memory:");
  await migrateToLatest(db);
  await seedDatabase(db, NOW);
  await db.deleteFrom("sent_campaigns").where("user_id", "=", USER).execute();
  await insertSentCampaigns(
    db,
    Array.from({ length: ROWS }, (_, index) => ({
      id: `t${String(index).padStart(5, "0")}`,
      user_id: USER,
      workspace_id: WORKSPACE,
      spreadsheet_id: "1x",
      sheet_id: "0",
      // Few distinct names and dates: ties everywhere, broken by the id.
      spreadsheet_name: ["Alpha", "beta", "Gamma"][index % 3],
      sheet_name: ["One", "two"][index % 2],
      subject: null,
      create_timestamp: NOW,
      last_update_timestamp: NOW - (index % 17) * 1000,
      last_email_sent_timestamp: NOW,
      sent_count: 1,
      opened_count: 0,
      clicked_count: 0,
      bounced_count: 0,
      responded_count: 0,
      unsubscribed_count: 0,
      has_poll: 0,
    })),
  );
});
afterAll(() => db?.destroy());

const ids = (rows: Array<{ id: string }>) => rows.map((row) => row.id);

describe("pageOfList (through listSentCampaigns)", () => {
  const cases = [
    ["lastUpdateTimestamp:desc", `workspaceId:${WORKSPACE}`],
    [
      "lastUpdateTimestamp:asc",
      `workspaceId:${WORKSPACE},lastUpdateTimestamp.gte:${NOW - 9000},lastUpdateTimestamp.lte:${NOW - 1000}`,
    ],
    ["mergeSourceSheetTitle:asc", `workspaceId:${WORKSPACE},search:a`],
    ["mergeSourceSheetTitle:desc", `workspaceId:${WORKSPACE},lastUpdateTimestamp.lte:${NOW - 3000}`],
  ] as const;

  it.each(cases)("pages %s over %s like one whole list", async (sortBy, filterBy) => {
    const filter = sentCampaignQuery.parseFilter(filterBy);
    const sort = sentCampaignQuery.parseSort(sortBy);
    const whole = ids(await listSentCampaigns(db, USER, filter, sort, { limit: 5000, offset: 0 }));
    expect(whole.length).toBeGreaterThan(ANCHOR_SPACING);
    const offsets = [
      0,
      1,
      ANCHOR_SPACING - 1,
      ANCHOR_SPACING,
      ANCHOR_SPACING + 1,
      2 * ANCHOR_SPACING + 13,
      whole.length - 1,
      whole.length,
      whole.length + 400,
    ];
    for (const offset of offsets) {
      const page = ids(await listSentCampaigns(db, USER, filter, sort, { limit: 26, offset }));
      expect(page, `offset ${offset}`).toEqual(whole.slice(offset, offset + 26));
    }
  });

  it("drops its anchors when the table changes in that space", async () => {
    const filter = sentCampaignQuery.parseFilter(`workspaceId:${WORKSPACE}`);
    const sort = sentCampaignQuery.parseSort("lastUpdateTimestamp:desc");
    const offset = 2 * ANCHOR_SPACING + 5;
    await listSentCampaigns(db, USER, filter, sort, { limit: 10, offset });
    const before = await listVersion(db, "sent_campaigns", WORKSPACE);
    const whole = ids(await listSentCampaigns(db, USER, filter, sort, { limit: 5000, offset: 0 }));
    await db.deleteFrom("sent_campaigns").where("id", "in", whole.slice(10, 60)).execute();
    expect(await listVersion(db, "sent_campaigns", WORKSPACE)).toBeGreaterThan(before);
    const after = ids(await listSentCampaigns(db, USER, filter, sort, { limit: 5000, offset: 0 }));
    expect(ids(await listSentCampaigns(db, USER, filter, sort, { limit: 10, offset }))).toEqual(
      after.slice(offset, offset + 10),
    );
  });
});

describe("pageOfList (through listRecipients)", () => {
  it("pages what the caller sees like one whole list, in both sorts", async () => {
    await insertRecipients(
      db,
      "bounces",
      Array.from({ length: 2 * ANCHOR_SPACING + 50 }, (_, index) => ({
        workspace_id: SPACES.bigco.id,
        owner_user_id: [PERSONAS.premium.id, PERSONAS.noahNguyen.id][index % 2],
        email: `r${index % 400}@example.com`,
        type: index < 400 ? ("WORKSPACE" as const) : ("USER" as const),
        create_timestamp: NOW - (index % 7) * 1000,
        last_update_timestamp: NOW,
      })),
    );
    const scope = { workspaceId: SPACES.bigco.id, userId: PERSONAS.premium.id, seesShared: true };
    for (const sortBy of ["emailAddress:asc", "createTimestamp:desc", "createTimestamp:asc"]) {
      const filter = recipientQuery.parseFilter(undefined);
      const sort = recipientQuery.parseSort(sortBy);
      const key = (row: { email: string; type: string; create_timestamp: number }) =>
        `${row.email}/${row.type}/${row.create_timestamp}`;
      const whole = (await listRecipients(db, "bounces", scope, filter, sort, { limit: 5000, offset: 0 })).map(key);
      expect(whole.length).toBeGreaterThan(ANCHOR_SPACING);
      for (const offset of [ANCHOR_SPACING - 3, ANCHOR_SPACING, 2 * ANCHOR_SPACING + 7, whole.length - 2]) {
        const page = (await listRecipients(db, "bounces", scope, filter, sort, { limit: 20, offset })).map(key);
        expect(page, `${sortBy} @${offset}`).toEqual(whole.slice(offset, offset + 20));
      }
    }
  });
});
