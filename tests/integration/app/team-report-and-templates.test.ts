import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as teamReportLoader } from "~/routes/$workspaceId.$workspaceSlug+/team-report";
import { loader as teamReportCsvLoader } from "~/routes/$workspaceId.$workspaceSlug+/team-report[.csv]";
import { action as templatesAction, loader as templatesLoader } from "~/routes/$workspaceId.$workspaceSlug+/templates";
import { loader as templatePreviewLoader } from "~/routes/$workspaceId.$workspaceSlug+/templates.$templateId";
import { formatCount } from "~/domain/format";
import type { RunningBackend } from "../support/backend";
import { appRequest, loaderData, redirectTarget, run, signIn, startAppBackend } from "../support/app";

const ACME = { workspaceId: "5100000000000001", workspaceSlug: "acme-marketing" };
const PREFIX = "/5100000000000001/acme-marketing";
const TEAM_REPORT = `${PREFIX}/team-report`;
const OLDCO = { workspaceId: "5100000000000004", workspaceSlug: "oldco-team" };
const ACME_ACTIVE = [
  "Adam Admin",
  "Ben Baker",
  "Carla Diaz",
  "Eli Fischer",
  "Grace Hall",
  "Gus Gmail",
  "Ivan Jones",
  "Mia Member",
  "Olivia Owner",
  "Tara Trial",
  "Uma Unlimited",
];
/** Those with an @acme.test address (Gus's is a Gmail one). */
const ACME_DOMAIN_ACTIVE = ACME_ACTIVE.filter((name) => name !== "Gus Gmail");

let backend: RunningBackend;
const sessions: Record<string, Awaited<ReturnType<typeof signIn>>> = {};
beforeAll(async () => {
  backend = await startAppBackend();
  for (const email of ["owner@acme.test", "admin@acme.test", "member@acme.test", "legacy@oldco.test"]) {
    sessions[email] = await signIn(backend, email);
  }
});
afterAll(() => backend.close());

const get = (path: string, email: string) => appRequest(path, { cookie: sessions[email]!.cookie });
const post = (path: string, email: string, form: Record<string, string>, headers?: Record<string, string>) =>
  appRequest(path, { cookie: sessions[email]!.cookie, method: "POST", form, headers });

/** The backend's own answer, asked with the person's token. */
async function backendGet<T>(path: string, email: string): Promise<T> {
  const response = await fetch(`${backend.url}/api/v1${path}`, {
    headers: { Authorization: `Bearer ${sessions[email]!.session.accessToken}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

interface ReportRow {
  userId: string;
  name: string;
  email: string;
  pictureUrl: string | null;
  lastEmail: string;
  sentThisMonth: string;
  sentAllTime: string;
}
interface Report {
  authorised: true;
  description: string;
  query: { q: string; sort: string; dir: string; page: number };
  summary: { activeUsers: string; sentLast30Days: string; sentAllTime: string };
  rows: ReportRow[];
  hasNextPage: boolean;
  csvHref: string;
}

async function report(query = "", email = "owner@acme.test", space = ACME) {
  const path = `/${space.workspaceId}/${space.workspaceSlug}/team-report${query}`;
  const outcome = await run(teamReportLoader, get(path, email), space);
  expect(outcome.response).toBeNull();
  return loaderData<Report>(outcome);
}

const count = (text: string) => Number(text.replace(/\./g, ""));

describe("the team report", () => {
  it("shows the summary and the active members, sorted by what they sent this month", async () => {
    const page = await report();
    expect(page.description).toBe("This lists all active members of Acme Marketing");
    const summary = await backendGet<{
      activeUserCount: number;
      emailSentLast30Days: number;
      emailSentAllTime: number;
    }>(`/workspaces/${ACME.workspaceId}/team-report/summary`, "owner@acme.test");
    expect(summary.activeUserCount).toBe(ACME_ACTIVE.length);
    expect(summary.emailSentAllTime).toBeGreaterThan(1000);
    expect(page.summary).toEqual({
      activeUsers: String(ACME_ACTIVE.length),
      sentLast30Days: formatCount(summary.emailSentLast30Days),
      sentAllTime: formatCount(summary.emailSentAllTime),
    });
    // German grouping of thousands (002 §9).
    expect(page.summary.sentAllTime).toMatch(/^\d{1,3}(\.\d{3})+$/);

    expect(page.query).toEqual({ q: "", sort: "month", dir: "desc", page: 1 });
    expect(page.rows.map((row) => row.name).sort()).toEqual(ACME_ACTIVE);
    const thisMonth = page.rows.map((row) => count(row.sentThisMonth));
    expect(thisMonth).toEqual([...thisMonth].sort((a, b) => b - a));
    expect(page.hasNextPage).toBe(false);
    const owner = page.rows.find((row) => row.email === "owner@acme.test")!;
    expect(owner.name).toBe("Olivia Owner");
    // "LLL. d, p" in the user's zone (UTC without the tz cookie).
    expect(owner.lastEmail).toMatch(/^[A-Z][a-z]{2}\. \d{1,2}, \d{1,2}:\d{2} (AM|PM)$/);
    expect(page.csvHref).toBe(`${PREFIX}/team-report.csv`);
  });

  it("honours sort and direction", async () => {
    const byName = await report("?sort=name");
    expect(byName.query).toMatchObject({ sort: "name", dir: "asc" });
    expect(byName.rows.map((row) => row.name)).toEqual(ACME_ACTIVE);

    const byNameDesc = await report("?sort=name&dir=desc");
    expect(byNameDesc.rows.map((row) => row.name)).toEqual([...ACME_ACTIVE].reverse());

    const byAllTime = await report("?sort=all");
    expect(byAllTime.query).toMatchObject({ sort: "all", dir: "desc" });
    const allTime = byAllTime.rows.map((row) => count(row.sentAllTime));
    expect(allTime).toEqual([...allTime].sort((a, b) => b - a));

    const byAllTimeAsc = await report("?sort=all&dir=asc");
    expect(byAllTimeAsc.rows.map((row) => count(row.sentAllTime))).toEqual([...allTime].sort((a, b) => a - b));

    const byMonthAsc = await report("?dir=asc");
    const thisMonth = byMonthAsc.rows.map((row) => count(row.sentThisMonth));
    expect(thisMonth).toEqual([...thisMonth].sort((a, b) => a - b));
  });

  it("searches names and e-mails, keeping the search in the CSV link", async () => {
    const byName = await report("?q=carla");
    expect(byName.rows.map((row) => row.email)).toEqual(["carla.diaz@acme.test"]);
    const byEmail = await report("?q=IVAN.JONES%40");
    expect(byEmail.rows.map((row) => row.name)).toEqual(["Ivan Jones"]);
    const none = await report("?q=nobody&sort=name&dir=desc&page=2");
    expect(none.rows).toEqual([]);
    expect(none.csvHref).toBe(`${PREFIX}/team-report.csv?q=nobody&sort=name&dir=desc`);
    // A search cannot smuggle in another filter.
    const smuggled = await report(`?q=${encodeURIComponent("a,memberStatus:LEGACY")}`);
    expect(smuggled.rows).toEqual([]);
  });

  it("redirects a query written any other way to its one canonical URL (issue 9)", async () => {
    const target = async (query: string, email = "owner@acme.test") =>
      redirectTarget(await run(teamReportLoader, get(`${TEAM_REPORT}${query}`, email), ACME));
    expect(await target("?q=&sort=month&dir=desc&page=1")).toBe(TEAM_REPORT);
    expect(await target("?sort=name&dir=asc&q=%20carla%20")).toBe(`${TEAM_REPORT}?q=carla&sort=name`);
    expect(await target("?dir=asc&sort=all")).toBe(`${TEAM_REPORT}?sort=all&dir=asc`);
    expect(await target("?page=2&page=3")).toBe(`${TEAM_REPORT}?page=2`);
    expect(await target("?sort=evil&page=0")).toBe(TEAM_REPORT);
    // A canonical URL is answered, not redirected; the not-authorised view stays on its URL.
    expect(await target("?q=carla&sort=all&dir=asc")).toBeNull();
    expect(await target("?q=", "member@acme.test")).toBeNull();
  });

  it("describes a legacy space by its domains", async () => {
    const page = await report("", "legacy@oldco.test", OLDCO);
    expect(page.description).toBe("This lists anyone who has used YAMM in the domain(s) oldco.test");
    expect(page.rows.length).toBeGreaterThan(0);
  });

  it("gives a member without the feature the not-authorised view (403) and no data", async () => {
    const outcome = await run(teamReportLoader, get(TEAM_REPORT, "member@acme.test"), ACME);
    expect(redirectTarget(outcome)).toBeNull();
    const result = outcome.result as { init: { status: number } | null; data: Record<string, unknown> };
    expect(result.init?.status).toBe(403);
    expect(result.data).toEqual({ authorised: false, homeHref: `${PREFIX}/mail-merges/sent` });

    const csv = await run(teamReportCsvLoader, get(`${PREFIX}/team-report.csv`, "member@acme.test"), ACME);
    expect(csv.response?.status).toBe(403);
  });

  it("exports the current search and sort as CSV, every column", async () => {
    const outcome = await run(
      teamReportCsvLoader,
      get(`${PREFIX}/team-report.csv?q=acme.test&sort=name&dir=desc&page=3`, "admin@acme.test"),
      ACME,
    );
    const response = outcome.result as Response;
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="Exported_team_report_\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = (await response.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe("Name,Email,Last email,Sent this month,Sent all time");
    // Every row, whatever page the list was on.
    expect(lines.slice(1).map((line) => line.split(",")[0])).toEqual([...ACME_DOMAIN_ACTIVE].reverse());

    const page = await report("?q=acme.test&sort=name&dir=desc", "admin@acme.test");
    lines.slice(1).forEach((line, index) => {
      const [name, email, lastEmail, thisMonth, allTime] = line.split(",");
      const row = page.rows[index]!;
      expect([name, email]).toEqual([row.name, row.email]);
      expect(lastEmail).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
      expect(formatCount(Number(thisMonth))).toBe(row.sentThisMonth);
      expect(formatCount(Number(allTime))).toBe(row.sentAllTime);
    });

    const events = await backend.db.selectFrom("events").selectAll().where("type", "=", "csv_export").execute();
    expect(events.map((event) => JSON.parse(String(event.params)))).toContainEqual(
      expect.objectContaining({ export_type: "team_report" }),
    );
  });

  it("pages by 25, asking for one more to know about the next page", async () => {
    // 20 more active members: 28 in all.
    const now = Date.now();
    for (let index = 0; index < 20; index++) {
      const id = `69000000000000${String(index).padStart(2, "0")}`;
      await backend.db
        .insertInto("users")
        .values({
          id,
          email: `extra${String(index).padStart(2, "0")}@acme.test`,
          name: `Zed Extra ${String(index).padStart(2, "0")}`,
          picture: null,
          is_personal: 0,
          installation_timestamp: now,
          last_update_timestamp: now,
          domain_name: "acme.test",
          addon_workspace_id: ACME.workspaceId,
          is_per_seat: 1,
          license_subscription_id: null,
          license_payment_source: null,
          total_mails_sent: 0,
        })
        .execute();
      await backend.db
        .insertInto("workspace_members")
        .values({
          workspace_id: ACME.workspaceId,
          user_id: id,
          role: "MEMBER",
          user_plan: "FREE",
          status: "ACTIVE",
          seat_type: "ADDED_YAMM_USER",
          create_timestamp: now,
          last_update_timestamp: now,
          free_trial_end_timestamp: null,
          last_become_paid_timestamp: null,
        })
        .execute();
    }

    const first = await report("?sort=name");
    expect(first.rows).toHaveLength(25);
    expect(first.hasNextPage).toBe(true);
    expect(first.rows.slice(0, ACME_ACTIVE.length).map((row) => row.name)).toEqual(ACME_ACTIVE);
    const second = await report("?sort=name&page=2");
    expect(second.query.page).toBe(2);
    expect(second.rows.map((row) => row.name)).toEqual(
      Array.from({ length: 6 }, (_, index) => `Zed Extra ${String(14 + index).padStart(2, "0")}`),
    );
    expect(second.hasNextPage).toBe(false);
    // A member without a picture gets none (the avatar shows initials); never-sent shows "-".
    expect(second.rows[0]).toMatchObject({ pictureUrl: null, lastEmail: "-", sentThisMonth: "0", sentAllTime: "0" });
    expect((await report("?page=3")).rows).toEqual([]);
  });
});

interface Gallery {
  galleryPath: string;
  templates: { id: string; subject: string; thumbnail: string | null; draftUrl: string | null }[];
  alert: { tone: string; title: string } | null;
}

async function gallery(query = "", email = "owner@acme.test") {
  return loaderData<Gallery>(await run(templatesLoader, get(`${PREFIX}/templates${query}`, email), ACME));
}

async function useTemplate(form: Record<string, string>, email = "owner@acme.test", headers?: Record<string, string>) {
  return run(templatesAction, post(`${PREFIX}/templates`, email, form, headers), ACME);
}

describe("the template gallery", () => {
  it("lists every template in the order field's order", async () => {
    const stored = await backend.db
      .selectFrom("templates")
      .select(["id", "subject", "sort_order"])
      .orderBy("sort_order")
      .execute();
    expect(stored.length).toBeGreaterThanOrEqual(5);
    const page = await gallery();
    expect(page.templates.map((template) => template.id)).toEqual(stored.map((template) => template.id));
    expect(page.templates.every((template) => template.subject && template.thumbnail)).toBe(true);
    // The seed's one draft: the owner's from "Monthly newsletter".
    expect(page.templates.filter((template) => template.draftUrl !== null)).toEqual([
      expect.objectContaining({
        id: "tpl-03",
        subject: "Monthly newsletter",
        draftUrl: "https://mail.google.com/mail/u/0/#drafts?compose=r-7781463028914402817",
      }),
    ]);
    expect(page.alert).toBeNull();
    // The gallery does not carry the bodies: the dialog loads its own.
    expect(page.templates[0]).not.toHaveProperty("preview");
  });

  it("previews a template with its body sanitised, and 404s an unknown one", async () => {
    const [first] = (await gallery()).templates;
    const outcome = await run(templatePreviewLoader, get(`${PREFIX}/templates/${first!.id}`, "owner@acme.test"), {
      ...ACME,
      templateId: first!.id,
    });
    const preview = loaderData<{ id: string; subject: string; previewHtml: string; draftUrl: string | null }>(outcome);
    expect(preview.subject).toBe(first!.subject);
    expect(preview.previewHtml.length).toBeGreaterThan(20);
    expect(preview.previewHtml).not.toMatch(/<script|<iframe|\son\w+=|javascript:/i);

    const unknown = await run(templatePreviewLoader, get(`${PREFIX}/templates/nope`, "owner@acme.test"), {
      ...ACME,
      templateId: "nope",
    });
    expect(unknown.response?.status).toBe(404);
  });

  it("'Use' creates a draft, shows the success alert, and the card then opens the draft", async () => {
    const template = (await gallery()).templates[1]!;
    const outcome = await useTemplate({ intent: "use", templateId: template.id });
    const target = redirectTarget(outcome);
    expect(target).toBe(`${PREFIX}/templates?draft=created&template=${encodeURIComponent(template.id)}`);

    const stored = await backend.db
      .selectFrom("template_drafts")
      .selectAll()
      .where("user_id", "=", "6100000000000001")
      .where("template_id", "=", template.id)
      .executeTakeFirstOrThrow();

    const after = await gallery(target!.slice(`${PREFIX}/templates`.length));
    expect(after.alert).toEqual({ tone: "success", title: `${template.subject} Gmail draft created` });
    const card = after.templates.find((candidate) => candidate.id === template.id)!;
    expect(card.draftUrl).toBe(`https://mail.google.com/mail/u/0/#drafts?compose=${stored.message_id}`);
    // Only that card (and the seeded one), and only for that user.
    expect(
      after.templates
        .filter((candidate) => candidate.draftUrl !== null)
        .map((candidate) => candidate.id)
        .sort(),
    ).toEqual([template.id, "tpl-03"].sort());
    expect((await gallery("", "admin@acme.test")).templates.every((candidate) => candidate.draftUrl === null)).toBe(
      true,
    );
  });

  it("shows the error alert when the draft cannot be made", async () => {
    const outcome = await useTemplate({ intent: "use", templateId: "no-such-template" });
    expect(redirectTarget(outcome)).toBe(`${PREFIX}/templates?draft=error`);
    expect((await gallery("?draft=error")).alert).toEqual({ tone: "error", title: "Gmail draft could not be created" });
    // A crafted success link for no template shows nothing.
    expect((await gallery("?draft=created&template=nope&subject=Hacked")).alert).toBeNull();
  });

  it("answers an unknown intent or a malformed id with 400", async () => {
    const [first] = (await gallery()).templates;
    expect((await useTemplate({ intent: "delete", templateId: first!.id })).response?.status).toBe(400);
    expect((await useTemplate({ templateId: first!.id })).response?.status).toBe(400);
    expect((await useTemplate({ intent: "use", templateId: "../../users/me" })).response?.status).toBe(400);
    const drafts = await backend.db
      .selectFrom("template_drafts")
      .selectAll()
      .where("template_id", "=", first!.id)
      .execute();
    expect(drafts).toEqual([]);
  });

  it("refuses a cross-site POST with 403 and makes no draft", async () => {
    const fifth = (await gallery()).templates[4]!;
    const crossSite = await useTemplate({ intent: "use", templateId: fifth.id }, "owner@acme.test", {
      Origin: "https://evil.test",
    });
    expect(crossSite.response?.status).toBe(403);
    const marked = await useTemplate({ intent: "use", templateId: fifth.id }, "owner@acme.test", {
      "Sec-Fetch-Site": "cross-site",
    });
    expect(marked.response?.status).toBe(403);
    const drafts = await backend.db
      .selectFrom("template_drafts")
      .selectAll()
      .where("template_id", "=", fifth.id)
      .execute();
    expect(drafts).toEqual([]);
  });
});
