import type { Insertable } from "kysely";
import type { ScheduledStatus } from "../../domain/enums";
import { insertScheduledCampaigns, type NewScheduledCampaign } from "../../store/scheduled-campaigns";
import { insertSentCampaigns } from "../../store/sent-campaigns";
import type { BackendDb } from "../connection";
import type { SentCampaignsTable } from "../tables/mail-merges";
import { PERSONAS, SEED_SPACES, SEED_USERS, SPACES, type PersonaKey, type SpaceKey } from "./personas";
import { randomInt, seededRandom, type Random } from "./random";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * Sent and scheduled mail merges (002 §3, §4).
 *
 * Every member who installed the add-on has sent campaigns in each space, and
 * each month's sent-mail counter is rewritten to the sum of the sent counts of
 * the campaigns whose last e-mail left that month (users' lifetime totals move
 * by the same amount): the counters, the team report and the campaign lists
 * tell the same story. owner@acme.test's campaigns in Acme Marketing start with
 * the hand-made ones below (polls, unknown subjects, an all-bounced one, one
 * older than 12 months), then 3 to 5 generated ones a month; everyone else gets
 * 1 or 2 generated ones a month. Ids are stable: the hand-made ones are listed
 * here, generated ones are "71" + the membership's two-digit number + a
 * 12-digit sequence, oldest first.
 */

/** The owner's hand-made sent campaigns in Acme Marketing. */
export const SENT_CAMPAIGNS = {
  /** Poll with aggregated results (and the raw responses). */
  webinarFollowUp: "7100000000000001",
  /** Poll with raw responses only: pollResults answers no items. */
  customerSurvey: "7100000000000002",
  /** Sent by someone else: no subject. */
  q3Newsletter: "7100000000000003",
  /** Poll with results. */
  partnerSummitInvitation: "7100000000000004",
  /** Poll with responses only. */
  productFeedback: "7100000000000005",
  /** Poll with results. */
  teamOffsiteRsvp: "7100000000000006",
  /** Poll with responses only. */
  npsFollowUp: "7100000000000007",
  /** Every e-mail bounced: nothing delivered, every rate 0. */
  oldLeadsReengagement: "7100000000000008",
  /** Poll with results. */
  tradeShowLeads: "7100000000000009",
  /** Poll with responses only. */
  workshopRegistration: "7100000000000010",
  /** Sent by someone else: no subject. */
  alumniNewsletter: "7100000000000011",
  /** 380 days old: outside "Last 12 months". */
  holidayGreetings: "7100000000000012",
} as const;
export type SentCampaignKey = keyof typeof SENT_CAMPAIGNS;

type PollAnswers = Array<[answer: string, count: number]>;

interface HandMadeCampaign {
  key: SentCampaignKey;
  spreadsheetName: string;
  sheetName: string;
  subject: string | null;
  lastEmailDaysAgo: number;
  counts: { sent: number; opened: number; clicked: number; bounced: number; responded: number; unsubscribed: number };
  /** `results`: aggregated results and the raw responses; `responses`: raw responses only. */
  poll?: { kind: "results" | "responses"; answers: PollAnswers };
}

const HAND_MADE: HandMadeCampaign[] = [
  {
    key: "webinarFollowUp",
    spreadsheetName: "Webinar follow-up",
    sheetName: "Attendees",
    subject: "Thanks for joining our webinar, {{First name}}!",
    lastEmailDaysAgo: 2,
    counts: { sent: 412, opened: 268, clicked: 97, bounced: 6, responded: 23, unsubscribed: 2 },
    poll: {
      kind: "results",
      answers: [
        ["Very useful", 58],
        ["Somewhat useful", 24],
        ["Not useful", 4],
      ],
    },
  },
  {
    key: "customerSurvey",
    spreadsheetName: "Customer survey 2026",
    sheetName: "Form responses 1",
    subject: "Two quick questions about your experience",
    lastEmailDaysAgo: 6,
    counts: { sent: 980, opened: 531, clicked: 142, bounced: 21, responded: 37, unsubscribed: 9 },
    poll: {
      kind: "responses",
      answers: [
        ["😀 Great", 41],
        ["🙂 Good", 27],
        ["😐 Okay", 9],
        ["🙁 Poor", 3],
      ],
    },
  },
  {
    key: "q3Newsletter",
    spreadsheetName: "Q3 Newsletter",
    sheetName: "Subscribers",
    subject: null,
    lastEmailDaysAgo: 12,
    counts: { sent: 2150, opened: 989, clicked: 204, bounced: 48, responded: 11, unsubscribed: 17 },
  },
  {
    key: "partnerSummitInvitation",
    spreadsheetName: "Event invitation – Partner summit",
    sheetName: "Guests",
    subject: "You're invited: Acme Partner Summit",
    lastEmailDaysAgo: 24,
    counts: { sent: 265, opened: 183, clicked: 61, bounced: 3, responded: 19, unsubscribed: 1 },
    poll: {
      kind: "results",
      answers: [
        ["Yes, I'll attend", 74],
        ["Maybe", 21],
        ["No, sorry", 15],
      ],
    },
  },
  {
    key: "productFeedback",
    spreadsheetName: "Product feedback",
    sheetName: "Beta testers",
    subject: "What do you think of the new dashboard?",
    lastEmailDaysAgo: 45,
    counts: { sent: 138, opened: 92, clicked: 30, bounced: 1, responded: 12, unsubscribed: 0 },
    poll: {
      kind: "responses",
      answers: [
        ["Love it", 18],
        ["It's fine", 9],
        ["Not for me", 2],
      ],
    },
  },
  {
    key: "teamOffsiteRsvp",
    spreadsheetName: "Team offsite RSVP",
    sheetName: "Team",
    subject: "Offsite in Lisbon: are you in?",
    lastEmailDaysAgo: 75,
    counts: { sent: 48, opened: 44, clicked: 12, bounced: 0, responded: 9, unsubscribed: 0 },
    poll: {
      kind: "results",
      answers: [
        ["Count me in", 31],
        ["Not sure yet", 8],
        ["Can't make it", 4],
      ],
    },
  },
  {
    key: "npsFollowUp",
    spreadsheetName: "NPS follow-up",
    sheetName: "Promoters",
    subject: "Would you recommend us to a friend?",
    lastEmailDaysAgo: 110,
    counts: { sent: 620, opened: 301, clicked: 64, bounced: 14, responded: 8, unsubscribed: 6 },
    poll: {
      kind: "responses",
      answers: [
        ["10", 22],
        ["9", 17],
        ["8", 11],
        ["7", 5],
        ["6 or less", 4],
      ],
    },
  },
  {
    key: "oldLeadsReengagement",
    spreadsheetName: "Old leads 2019",
    sheetName: "Imported",
    subject: "Are you still interested, {{First name}}?",
    lastEmailDaysAgo: 130,
    counts: { sent: 4, opened: 0, clicked: 0, bounced: 4, responded: 0, unsubscribed: 0 },
  },
  {
    key: "tradeShowLeads",
    spreadsheetName: "Trade show leads",
    sheetName: "Booth visitors",
    subject: "Great meeting you at SaaStock, {{First name}}",
    lastEmailDaysAgo: 160,
    counts: { sent: 355, opened: 174, clicked: 49, bounced: 12, responded: 15, unsubscribed: 4 },
    poll: {
      kind: "results",
      answers: [
        ["Book a demo", 26],
        ["Send me the brochure", 33],
        ["Not now", 12],
      ],
    },
  },
  {
    key: "workshopRegistration",
    spreadsheetName: "Workshop registration",
    sheetName: "Sheet1",
    subject: "Pick your workshop slot",
    lastEmailDaysAgo: 220,
    counts: { sent: 190, opened: 121, clicked: 38, bounced: 2, responded: 6, unsubscribed: 1 },
    poll: {
      kind: "responses",
      answers: [
        ["Tuesday morning", 21],
        ["Wednesday afternoon", 16],
        ["Thursday morning", 7],
      ],
    },
  },
  {
    key: "alumniNewsletter",
    spreadsheetName: "Alumni newsletter",
    sheetName: "Contacts",
    subject: null,
    lastEmailDaysAgo: 290,
    counts: { sent: 1740, opened: 712, clicked: 133, bounced: 51, responded: 5, unsubscribed: 22 },
  },
  {
    key: "holidayGreetings",
    spreadsheetName: "Holiday greetings",
    sheetName: "Customers",
    subject: "Season's greetings from all of us at Acme",
    lastEmailDaysAgo: 380,
    counts: { sent: 860, opened: 455, clicked: 58, bounced: 19, responded: 14, unsubscribed: 7 },
  },
];

/** Scheduled merges: one per status of 002 §4 for the owner, a few for other personas. */
export const SCHEDULED_CAMPAIGNS = {
  /** IN PROGRESS, next run in 2 hours. */
  inProgress: "7200000000000001",
  /** IN PROGRESS, next run in 3 days, nothing sent yet. */
  inProgressLater: "7200000000000002",
  /** IN PROGRESS with no next run: out of quota. */
  outOfQuota: "7200000000000003",
  tooComplexRegexp: "7200000000000004",
  spreadsheetDeleted: "7200000000000005",
  invalidDraft: "7200000000000006",
  /** 2 retries, the last 40 minutes ago: recoverable. */
  unknownErrorRecoverable: "7200000000000007",
  /** 5 retries: not recoverable. */
  unknownErrorFinal: "7200000000000008",
  draftNotFound: "7200000000000009",
  /** 1 retry, the last 20 minutes ago: recoverable. */
  namedRangeDeletedRecoverable: "7200000000000010",
  /** 5 retries: not recoverable. */
  namedRangeDeletedFinal: "7200000000000011",
  userPropertyNotFound: "7200000000000012",
  /** 3 retries, the last 10 minutes ago: recoverable. */
  sheetDeletedRecoverable: "7200000000000013",
  /** 5 retries: not recoverable. */
  sheetDeletedFinal: "7200000000000014",
  /** admin@acme.test, Acme Marketing. */
  adminInProgress: "7200000000000015",
  adminSheetDeletedRecoverable: "7200000000000016",
  /** premium@bigco.test, Bigco. */
  premiumInProgress: "7200000000000017",
  premiumOutOfQuota: "7200000000000018",
  /** legacy@oldco.test, Oldco Team. */
  legacyInProgress: "7200000000000019",
  legacyDraftNotFound: "7200000000000020",
} as const;
export type ScheduledCampaignKey = keyof typeof SCHEDULED_CAMPAIGNS;

interface SeedScheduled {
  key: ScheduledCampaignKey;
  persona: PersonaKey;
  space: SpaceKey;
  spreadsheetName: string;
  sheetName: string;
  createdHoursAgo: number;
  status: ScheduledStatus;
  /** Hours from now; null: no run planned. Recoverable errors retry one hour after the last retry. */
  nextRunInHours: number | null;
  toSend: number;
  sent: number;
  error?: { error: string; details: string; retries: number; lastRetryMinutesAgo: number | null };
}

const ERRORS = {
  regexp: {
    error: "The draft is too complex to be processed",
    details: "Exception: Regular expression too complex (218 merge tags)",
  },
  spreadsheet: { error: "Spreadsheet not found", details: "Exception: Requested entity was not found." },
  invalidDraft: { error: "Invalid draft", details: "Exception: Invalid argument: htmlBody" },
  unknown: { error: "Unexpected error", details: "Exception: Service error: Gmail (code 500)" },
  draftNotFound: { error: "Draft not found", details: "Exception: The draft used by this merge no longer exists" },
  namedRange: { error: "Named range not found", details: "Exception: Range YAMM_EMAIL_COLUMN not found" },
  userProperty: { error: "User property not found", details: "Exception: Property yamm.settings is missing" },
  sheet: { error: "Sheet not found", details: "Exception: Sheet with gid 1846263 not found" },
};

const SEED_SCHEDULED: SeedScheduled[] = [
  {
    key: "inProgress",
    persona: "owner",
    space: "acmeMarketing",
    spreadsheetName: "December newsletter",
    sheetName: "Subscribers",
    createdHoursAgo: 3,
    status: "IN PROGRESS",
    nextRunInHours: 2,
    toSend: 350,
    sent: 150,
  },
  {
    key: "inProgressLater",
    persona: "owner",
    space: "acmeMarketing",
    spreadsheetName: "Spring webinar invitations",
    sheetName: "Prospects",
    createdHoursAgo: 26,
    status: "IN PROGRESS",
    nextRunInHours: 72,
    toSend: 1200,
    sent: 0,
  },
  {
    key: "outOfQuota",
    persona: "owner",
    space: "acmeMarketing",
    spreadsheetName: "Customer onboarding",
    sheetName: "New customers",
    createdHoursAgo: 50,
    status: "IN PROGRESS",
    nextRunInHours: null,
    toSend: 800,
    sent: 1500,
  },
  {
    key: "tooComplexRegexp",
    persona: "owner",
    space: "acmeMarketing",
    spreadsheetName: "Price update notice",
    sheetName: "Accounts",
    createdHoursAgo: 75,
    status: "TOO COMPLEX REGEXP",
    nextRunInHours: null,
    toSend: 640,
    sent: 0,
    error: { ...ERRORS.regexp, retries: 0, lastRetryMinutesAgo: null },
  },
  {
    key: "spreadsheetDeleted",
    persona: "owner",
    space: "acmeMarketing",
    spreadsheetName: "Partner outreach",
    sheetName: "Partners",
    createdHoursAgo: 98,
    status: "SPREADSHEET DELETED",
    nextRunInHours: null,
    toSend: 95,
    sent: 40,
    error: { ...ERRORS.spreadsheet, retries: 0, lastRetryMinutesAgo: null },
  },
  {
    key: "invalidDraft",
    persona: "owner",
    space: "acmeMarketing",
    spreadsheetName: "Referral program",
    sheetName: "Advocates",
    createdHoursAgo: 122,
    status: "INVALID DRAFT",
    nextRunInHours: null,
    toSend: 210,
    sent: 0,
    error: { ...ERRORS.invalidDraft, retries: 0, lastRetryMinutesAgo: null },
  },
  {
    key: "unknownErrorRecoverable",
    persona: "owner",
    space: "acmeMarketing",
    spreadsheetName: "Renewal reminders",
    sheetName: "Due in January",
    createdHoursAgo: 146,
    status: "UNKNOWN ERROR",
    nextRunInHours: 20 / 60,
    toSend: 310,
    sent: 90,
    error: { ...ERRORS.unknown, retries: 2, lastRetryMinutesAgo: 40 },
  },
  {
    key: "unknownErrorFinal",
    persona: "owner",
    space: "acmeMarketing",
    spreadsheetName: "Feature announcement",
    sheetName: "Users",
    createdHoursAgo: 170,
    status: "UNKNOWN ERROR",
    nextRunInHours: null,
    toSend: 1800,
    sent: 600,
    error: { ...ERRORS.unknown, retries: 5, lastRetryMinutesAgo: 26 * 60 },
  },
  {
    key: "draftNotFound",
    persona: "owner",
    space: "acmeMarketing",
    spreadsheetName: "Case study requests",
    sheetName: "Happy customers",
    createdHoursAgo: 194,
    status: "DRAFT NOT FOUND",
    nextRunInHours: null,
    toSend: 60,
    sent: 0,
    error: { ...ERRORS.draftNotFound, retries: 0, lastRetryMinutesAgo: null },
  },
  {
    key: "namedRangeDeletedRecoverable",
    persona: "owner",
    space: "acmeMarketing",
    spreadsheetName: "Training sessions",
    sheetName: "Enrolled",
    createdHoursAgo: 218,
    status: "NAMED RANGE DELETED",
    nextRunInHours: 40 / 60,
    toSend: 120,
    sent: 35,
    error: { ...ERRORS.namedRange, retries: 1, lastRetryMinutesAgo: 20 },
  },
  {
    key: "namedRangeDeletedFinal",
    persona: "owner",
    space: "acmeMarketing",
    spreadsheetName: "Volunteer schedule",
    sheetName: "Volunteers",
    createdHoursAgo: 242,
    status: "NAMED RANGE DELETED",
    nextRunInHours: null,
    toSend: 75,
    sent: 0,
    error: { ...ERRORS.namedRange, retries: 5, lastRetryMinutesAgo: 2 * 24 * 60 },
  },
  {
    key: "userPropertyNotFound",
    persona: "owner",
    space: "acmeMarketing",
    spreadsheetName: "Account review",
    sheetName: "Key accounts",
    createdHoursAgo: 266,
    status: "USER PROPERTY NOT FOUND",
    nextRunInHours: null,
    toSend: 44,
    sent: 0,
    error: { ...ERRORS.userProperty, retries: 0, lastRetryMinutesAgo: null },
  },
  {
    key: "sheetDeletedRecoverable",
    persona: "owner",
    space: "acmeMarketing",
    spreadsheetName: "Lead nurturing",
    sheetName: "Contacts",
    createdHoursAgo: 290,
    status: "SHEET DELETED",
    nextRunInHours: 50 / 60,
    toSend: 530,
    sent: 120,
    error: { ...ERRORS.sheet, retries: 3, lastRetryMinutesAgo: 10 },
  },
  {
    key: "sheetDeletedFinal",
    persona: "owner",
    space: "acmeMarketing",
    spreadsheetName: "Holiday opening hours",
    sheetName: "Stores",
    createdHoursAgo: 314,
    status: "SHEET DELETED",
    nextRunInHours: null,
    toSend: 260,
    sent: 0,
    error: { ...ERRORS.sheet, retries: 5, lastRetryMinutesAgo: 3 * 24 * 60 },
  },
  {
    key: "adminInProgress",
    persona: "admin",
    space: "acmeMarketing",
    spreadsheetName: "Sales prospects",
    sheetName: "Q1",
    createdHoursAgo: 5,
    status: "IN PROGRESS",
    nextRunInHours: 6,
    toSend: 420,
    sent: 80,
  },
  {
    key: "adminSheetDeletedRecoverable",
    persona: "admin",
    space: "acmeMarketing",
    spreadsheetName: "Press contacts",
    sheetName: "Journalists",
    createdHoursAgo: 30,
    status: "SHEET DELETED",
    nextRunInHours: 30 / 60,
    toSend: 65,
    sent: 10,
    error: { ...ERRORS.sheet, retries: 1, lastRetryMinutesAgo: 30 },
  },
  {
    key: "premiumInProgress",
    persona: "premium",
    space: "bigco",
    spreadsheetName: "Quarterly business review",
    sheetName: "Clients",
    createdHoursAgo: 8,
    status: "IN PROGRESS",
    nextRunInHours: 12,
    toSend: 900,
    sent: 300,
  },
  {
    key: "premiumOutOfQuota",
    persona: "premium",
    space: "bigco",
    spreadsheetName: "Conference speakers",
    sheetName: "Speakers",
    createdHoursAgo: 60,
    status: "IN PROGRESS",
    nextRunInHours: null,
    toSend: 150,
    sent: 1500,
  },
  {
    key: "legacyInProgress",
    persona: "legacy",
    space: "oldcoTeam",
    spreadsheetName: "Membership renewals",
    sheetName: "Members",
    createdHoursAgo: 12,
    status: "IN PROGRESS",
    nextRunInHours: 20,
    toSend: 240,
    sent: 60,
  },
  {
    key: "legacyDraftNotFound",
    persona: "legacy",
    space: "oldcoTeam",
    spreadsheetName: "Annual gala",
    sheetName: "Invitees",
    createdHoursAgo: 96,
    status: "DRAFT NOT FOUND",
    nextRunInHours: null,
    toSend: 180,
    sent: 0,
    error: { ...ERRORS.draftNotFound, retries: 0, lastRetryMinutesAgo: null },
  },
];

/** Spreadsheet names of generated campaigns. */
const SPREADSHEET_NAMES = [
  "Monthly newsletter",
  "Product launch",
  "Customer onboarding",
  "Renewal reminders",
  "Partner outreach",
  "Black Friday promo",
  "Spring sale",
  "Beta invite",
  "Sales prospects",
  "Press contacts",
  "Job applicants",
  "Volunteer schedule",
  "Board meeting",
  "Training sessions",
  "Case study requests",
  "Referral program",
  "Price update notice",
  "Event invitation",
  "Webinar registrants",
  "Customer survey",
  "Lead nurturing",
  "Account review",
  "Feature announcement",
  "Invoice reminders",
];
const SHEET_NAMES = [
  "Sheet1",
  "Contacts",
  "Leads",
  "Customers",
  "Recipients",
  "Mailing list",
  "Form responses 1",
  "Attendees",
  "Subscribers",
  "Prospects",
];
const SUBJECTS = [
  "Quick update for you, {{First name}}",
  "{{First name}}, don't miss this",
  "News from Acme this month",
  "A small favour to ask",
  "Your invitation is inside",
  "Following up on our conversation",
];
const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

const ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** A Google Sheets-like id: 44 characters from the URL-safe alphabet (hyphens included). */
export function spreadsheetId(random: Random): string {
  let id = "1";
  while (id.length < 44) id += ID_ALPHABET[Math.floor(random() * ID_ALPHABET.length)];
  return id;
}

/** A sheet id (gid): 0 for the first sheet, a large number otherwise. */
export function sheetId(random: Random): string {
  return random() < 0.4 ? "0" : String(randomInt(random, 10_000_000, 2_099_999_999));
}

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)];

/** Realistic tracking counts for a merge of `sent` e-mails (002 §9: rates against delivered). */
export function trackingCounts(random: Random, sent: number) {
  const bounced = Math.round(sent * random() * 0.05);
  const delivered = sent - bounced;
  const opened = Math.round(delivered * (0.3 + random() * 0.4));
  const clicked = Math.min(opened, Math.round(delivered * (0.05 + random() * 0.2)));
  const responded = Math.round(delivered * random() * 0.04);
  const unsubscribed = Math.round(delivered * random() * 0.015);
  return { sent, opened, clicked, bounced, responded, unsubscribed };
}

function campaignRow(
  id: string,
  userId: string,
  workspaceId: string,
  random: Random,
  fields: {
    spreadsheetName: string;
    sheetName: string;
    subject: string | null;
    lastEmail: number;
    now: number;
    counts: HandMadeCampaign["counts"];
    hasPoll: boolean;
  },
): Insertable<SentCampaignsTable> {
  // Sending spans minutes to a couple of days; tracking keeps updating for days after the last e-mail.
  const created = fields.lastEmail - randomInt(random, 5, 48 * 60) * MINUTE_MS;
  const lastUpdate = Math.min(fields.now - 5 * MINUTE_MS, fields.lastEmail + randomInt(random, 0, 10 * 24) * HOUR_MS);
  return {
    id,
    user_id: userId,
    workspace_id: workspaceId,
    spreadsheet_id: spreadsheetId(random),
    sheet_id: sheetId(random),
    spreadsheet_name: fields.spreadsheetName,
    sheet_name: fields.sheetName,
    subject: fields.subject,
    create_timestamp: created,
    last_update_timestamp: Math.max(lastUpdate, fields.lastEmail),
    last_email_sent_timestamp: fields.lastEmail,
    sent_count: fields.counts.sent,
    opened_count: fields.counts.opened,
    clicked_count: fields.counts.clicked,
    bounced_count: fields.counts.bounced,
    responded_count: fields.counts.responded,
    unsubscribed_count: fields.counts.unsubscribed,
    has_poll: fields.hasPoll ? 1 : 0,
  };
}

/** Splits `total` into `parts` positive amounts of random sizes. */
function split(random: Random, total: number, parts: number): number[] {
  const weights = Array.from({ length: parts }, () => 0.5 + random());
  const sum = weights.reduce((a, b) => a + b, 0);
  const amounts = weights.map((weight) => Math.max(1, Math.floor((total * weight) / sum)));
  amounts[amounts.length - 1] += total - amounts.reduce((a, b) => a + b, 0);
  return amounts;
}

const monthKey = (ms: number) => {
  const date = new Date(ms);
  return `${date.getUTCFullYear()}-${date.getUTCMonth() + 1}`;
};

async function seedHandMade(db: BackendDb, now: number): Promise<Insertable<SentCampaignsTable>[]> {
  const random = seededRandom("sent:hand-made");
  const rows = HAND_MADE.map((campaign) =>
    campaignRow(SENT_CAMPAIGNS[campaign.key], PERSONAS.owner.id, SPACES.acmeMarketing.id, random, {
      ...campaign,
      lastEmail: now - campaign.lastEmailDaysAgo * DAY_MS - randomInt(random, 1, 8 * 60) * MINUTE_MS,
      now,
      hasPoll: campaign.poll !== undefined,
    }),
  );
  await insertSentCampaigns(db, rows);

  for (const campaign of HAND_MADE) {
    if (!campaign.poll) continue;
    const campaignId = SENT_CAMPAIGNS[campaign.key];
    if (campaign.poll.kind === "results") {
      await db
        .insertInto("poll_results")
        .values(campaign.poll.answers.map(([info, count]) => ({ campaign_id: campaignId, info, count })))
        .execute();
    }
    // Raw answers, in the order they came in (interleaved).
    const pending = campaign.poll.answers.map(([value, count]) => ({ value, left: count }));
    const responses: Array<{ campaign_id: string; value: string }> = [];
    while (pending.some((answer) => answer.left > 0)) {
      for (const answer of pending) {
        if (answer.left-- > 0) responses.push({ campaign_id: campaignId, value: answer.value });
      }
    }
    await db.insertInto("poll_responses").values(responses).execute();
  }
  return rows;
}

/**
 * Generated campaigns for one membership, month by month, sized on the
 * membership's counters; then the counters are set to what the campaigns sent.
 */
async function seedMembershipCampaigns(
  db: BackendDb,
  now: number,
  membership: { number: number; userId: string; workspaceId: string; perMonth: [number, number] },
  handMade: Insertable<SentCampaignsTable>[],
): Promise<void> {
  const counters = await db
    .selectFrom("monthly_sent_mails")
    .select(["id", "year", "month", "count"])
    .where("user_id", "=", membership.userId)
    .where("workspace_id", "=", membership.workspaceId)
    .orderBy("year")
    .orderBy("month")
    .execute();
  if (counters.length === 0) return;

  const random = seededRandom(`sent:${membership.userId}:${membership.workspaceId}`);
  const sentByMonth = new Map<string, number>();
  for (const row of handMade) {
    const key = monthKey(row.last_email_sent_timestamp);
    sentByMonth.set(key, (sentByMonth.get(key) ?? 0) + row.sent_count);
  }

  const rows: Insertable<SentCampaignsTable>[] = [];
  let sequence = 0;
  for (const counter of counters) {
    const monthStart = Date.UTC(counter.year, counter.month - 1, 1);
    const windowEnd = Math.min(Date.UTC(counter.year, counter.month, 1), now - 2 * HOUR_MS);
    // Drawn for every month, so a month's campaigns do not depend on how far the current one has run.
    const wanted = randomInt(random, ...membership.perMonth);
    const monthRandom = seededRandom(
      `sent:${membership.userId}:${membership.workspaceId}:${counter.year}-${counter.month}`,
    );
    const target = counter.count - (sentByMonth.get(`${counter.year}-${counter.month}`) ?? 0);
    if (target <= 0 || windowEnd <= monthStart) continue;
    const parts = Math.min(wanted, Math.max(1, Math.floor(target / 25)));
    for (const sent of split(monthRandom, target, parts)) {
      sequence += 1;
      const baseName = pick(monthRandom, SPREADSHEET_NAMES);
      const lastEmail = monthStart + Math.floor(monthRandom() * (windowEnd - monthStart));
      const dated = monthRandom() < 0.4;
      rows.push(
        campaignRow(
          `71${String(membership.number).padStart(2, "0")}${String(sequence).padStart(12, "0")}`,
          membership.userId,
          membership.workspaceId,
          monthRandom,
          {
            spreadsheetName: dated ? `${baseName} – ${MONTH_NAMES[counter.month - 1]} ${counter.year}` : baseName,
            sheetName: pick(monthRandom, SHEET_NAMES),
            // One merge in ten was sent from a sheet shared by someone else: the subject is unknown.
            subject: monthRandom() < 0.1 ? null : pick(monthRandom, SUBJECTS),
            lastEmail,
            now,
            counts: trackingCounts(monthRandom, sent),
            hasPoll: false,
          },
        ),
      );
    }
  }
  await insertSentCampaigns(db, rows);

  // The counters now say what the campaigns sent, month by month.
  for (const row of rows) {
    const key = monthKey(row.last_email_sent_timestamp);
    sentByMonth.set(key, (sentByMonth.get(key) ?? 0) + row.sent_count);
  }
  let delta = 0;
  for (const counter of counters) {
    const count = sentByMonth.get(`${counter.year}-${counter.month}`) ?? 0;
    delta += count - counter.count;
    if (count !== counter.count) {
      await db.updateTable("monthly_sent_mails").set({ count }).where("id", "=", counter.id).execute();
    }
  }
  await db
    .updateTable("users")
    .set((eb) => ({ total_mails_sent: eb("total_mails_sent", "+", delta) }))
    .where("id", "=", membership.userId)
    .execute();
}

async function seedScheduled(db: BackendDb, now: number): Promise<void> {
  const random = seededRandom("scheduled");
  const rows: NewScheduledCampaign[] = SEED_SCHEDULED.map((campaign) => ({
    id: SCHEDULED_CAMPAIGNS[campaign.key],
    user_id: PERSONAS[campaign.persona].id,
    workspace_id: SPACES[campaign.space].id,
    spreadsheet_id: spreadsheetId(random),
    sheet_id: sheetId(random),
    spreadsheet_name: campaign.spreadsheetName,
    sheet_name: campaign.sheetName,
    create_timestamp: now - campaign.createdHoursAgo * HOUR_MS,
    next_scheduled_run_timestamp:
      campaign.nextRunInHours === null ? null : now + Math.round(campaign.nextRunInHours * HOUR_MS),
    status: campaign.status,
    to_send_count: campaign.toSend,
    sent_count: campaign.sent,
    error: campaign.error?.error ?? null,
    error_details: campaign.error?.details ?? null,
    recoverable_error_retries: campaign.error?.retries ?? 0,
    recoverable_error_last_retry_timestamp:
      campaign.error?.lastRetryMinutesAgo == null ? null : now - campaign.error.lastRetryMinutesAgo * MINUTE_MS,
  }));
  await insertScheduledCampaigns(db, rows);
}

export async function seedMailMerges(db: BackendDb, now: number): Promise<void> {
  const handMade = await seedHandMade(db, now);
  let number = 0;
  for (const space of SEED_SPACES) {
    for (const member of space.members) {
      number += 1;
      const user = SEED_USERS.find((candidate) => candidate.persona === member.persona)!;
      if (user.installedDaysAgo === null) continue;
      const isOwnerInMarketing = member.persona === "owner" && space.space === "acmeMarketing";
      await seedMembershipCampaigns(
        db,
        now,
        {
          number,
          userId: PERSONAS[member.persona].id,
          workspaceId: SPACES[space.space].id,
          perMonth: isOwnerInMarketing ? [3, 5] : [1, 2],
        },
        isOwnerInMarketing ? handMade : [],
      );
    }
  }
  await seedScheduled(db, now);
}
