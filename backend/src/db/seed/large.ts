import { sql, type Insertable } from "kysely";
import type { RecipientType } from "../../domain/enums";
import { insertRecipients, type NewRecipient } from "../../store/recipients";
import { insertScheduledCampaigns, type NewScheduledCampaign } from "../../store/scheduled-campaigns";
import { insertSentCampaigns } from "../../store/sent-campaigns";
import type { BackendDb } from "../connection";
import type { RecipientTable } from "../tables/recipients";
import type { SentCampaignsTable } from "../tables/mail-merges";
import { sheetId, spreadsheetId, trackingCounts } from "./mail-merges";
import { PERSONAS, SPACES } from "./personas";
import { randomInt, seededRandom, type Random } from "./random";

/**
 * `npm run seed -- --large`: on top of the personas, owner@acme.test's Acme
 * Marketing gets 100,000 sent campaigns, 50,000 unsubscriptions and 50,000
 * bounces, to see the lists (and their paging) at scale. Rows are generated
 * and inserted in batches inside one transaction. The sent-mail counters are
 * left as they are: these campaigns exist for the lists, not the totals.
 */
export interface LargeSeedCounts {
  sentCampaigns: number;
  unsubscriptions: number;
  bounces: number;
  /** The CLI adds none; the benchmark adds some to measure the scheduled list and its count at scale. */
  scheduledCampaigns: number;
}

export const LARGE_SEED: LargeSeedCounts = {
  sentCampaigns: 100_000,
  unsubscriptions: 50_000,
  bounces: 50_000,
  scheduledCampaigns: 0,
};

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** Campaigns and recipients spread over the last 14 months. */
const SPAN_MS = 425 * DAY_MS;
/** Rows generated and inserted per round. */
const CHUNK = 5_000;

const TOPICS = [
  "Newsletter",
  "Webinar follow-up",
  "Customer survey",
  "Product launch",
  "Event invitation",
  "Renewal reminders",
  "Partner outreach",
  "Onboarding",
  "Trade show leads",
  "Beta invite",
  "Price update",
  "Referral program",
  "Case studies",
  "Holiday greetings",
  "Training sessions",
  "Account review",
];
const AUDIENCES = ["EMEA", "North America", "APAC", "LATAM", "Enterprise", "SMB", "Partners", "Students"];
const SHEETS = ["Sheet1", "Contacts", "Leads", "Customers", "Recipients", "Attendees", "Subscribers", "Prospects"];
const DOMAINS = ["example.com", "example.org", "example.net", "northwind.test", "contoso.test", "fabrikam.test"];

/** The Acme Marketing members whose WORKSPACE entries fill the shared lists. */
const ADDERS = [PERSONAS.owner, PERSONAS.admin, PERSONAS.benBaker, PERSONAS.carlaDiaz, PERSONAS.graceHall];

function sentCampaign(random: Random, index: number, now: number): Insertable<SentCampaignsTable> {
  const lastEmail = now - Math.floor(random() * SPAN_MS);
  const counts = trackingCounts(random, randomInt(random, 20, 3000));
  const quarter = `Q${1 + Math.floor(random() * 4)} ${2025 + Math.floor(random() * 2)}`;
  return {
    id: `73${String(index + 1).padStart(14, "0")}`,
    user_id: PERSONAS.owner.id,
    workspace_id: SPACES.acmeMarketing.id,
    spreadsheet_id: spreadsheetId(random),
    sheet_id: sheetId(random),
    spreadsheet_name: `${TOPICS[index % TOPICS.length]} ${quarter} – ${AUDIENCES[Math.floor(random() * AUDIENCES.length)]} #${1 + (index % 997)}`,
    sheet_name: SHEETS[Math.floor(random() * SHEETS.length)],
    subject: random() < 0.1 ? null : "{{First name}}, a quick update",
    create_timestamp: lastEmail - randomInt(random, 5, 2 * 24 * 60) * MINUTE_MS,
    last_update_timestamp: Math.min(now, lastEmail + randomInt(random, 0, 10 * 24 * 60) * MINUTE_MS),
    last_email_sent_timestamp: lastEmail,
    sent_count: counts.sent,
    opened_count: counts.opened,
    clicked_count: counts.clicked,
    bounced_count: counts.bounced,
    responded_count: counts.responded,
    unsubscribed_count: counts.unsubscribed,
    has_poll: 0,
  };
}

function recipient(random: Random, index: number, now: number): NewRecipient {
  const created = now - Math.floor(random() * SPAN_MS);
  // Six in ten are shared with the space, three in ten the owner's own, one in ten the admin's own (unseen by the owner).
  const draw = random();
  const type: RecipientType = draw < 0.6 ? "WORKSPACE" : "USER";
  const owner = draw < 0.6 ? ADDERS[index % ADDERS.length] : draw < 0.9 ? PERSONAS.owner : PERSONAS.admin;
  return {
    workspace_id: SPACES.acmeMarketing.id,
    owner_user_id: owner.id,
    // Unique by construction: the index is part of the address.
    email: `recipient${String(index + 1).padStart(6, "0")}.${TOPICS[index % TOPICS.length].toLowerCase().replace(/[^a-z]+/g, "")}@${DOMAINS[index % DOMAINS.length]}`,
    type,
    create_timestamp: created,
    last_update_timestamp: created,
  };
}

function scheduledCampaign(random: Random, index: number, now: number): NewScheduledCampaign {
  const outOfQuota = random() < 0.1;
  return {
    id: `74${String(index + 1).padStart(14, "0")}`,
    user_id: PERSONAS.owner.id,
    workspace_id: SPACES.acmeMarketing.id,
    spreadsheet_id: spreadsheetId(random),
    sheet_id: sheetId(random),
    spreadsheet_name: `${TOPICS[index % TOPICS.length]} – ${AUDIENCES[Math.floor(random() * AUDIENCES.length)]} #${1 + (index % 997)}`,
    sheet_name: SHEETS[Math.floor(random() * SHEETS.length)],
    create_timestamp: now - Math.floor(random() * 60 * DAY_MS),
    next_scheduled_run_timestamp: outOfQuota ? null : now + Math.floor(random() * 30 * DAY_MS),
    status: "IN PROGRESS",
    to_send_count: randomInt(random, 10, 2000),
    sent_count: randomInt(random, 0, 1500),
    error: null,
    error_details: null,
    recoverable_error_retries: 0,
    recoverable_error_last_retry_timestamp: null,
  };
}

async function insertGenerated<Row>(
  count: number,
  make: (index: number) => Row,
  insert: (rows: Row[]) => Promise<void>,
): Promise<void> {
  for (let start = 0; start < count; start += CHUNK) {
    const rows = Array.from({ length: Math.min(CHUNK, count - start) }, (_, offset) => make(start + offset));
    await insert(rows);
  }
}

export async function seedLargeData(
  db: BackendDb,
  now: number = Date.now(),
  counts: LargeSeedCounts = LARGE_SEED,
): Promise<void> {
  const random = seededRandom("large");
  await db.transaction().execute(async (trx) => {
    await insertGenerated(
      counts.sentCampaigns,
      (index) => sentCampaign(random, index, now),
      (rows) => insertSentCampaigns(trx, rows),
    );
    for (const [table, count] of [
      ["unsubscriptions", counts.unsubscriptions],
      ["bounces", counts.bounces],
    ] as Array<[RecipientTable, number]>) {
      await insertGenerated(
        count,
        (index) => recipient(random, index, now),
        (rows) => insertRecipients(trx, table, rows),
      );
    }
    await insertGenerated(
      counts.scheduledCampaigns,
      (index) => scheduledCampaign(random, index, now),
      (rows) => insertScheduledCampaigns(trx, rows),
    );
  });
  // Fresh statistics for the query planner (sqlite_stat1).
  await sql`analyze`.execute(db);
}
