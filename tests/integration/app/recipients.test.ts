import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as bouncesAction, loader as bouncesLoader } from "~/routes/$workspaceId.$workspaceSlug+/bounces";
import { loader as bouncesCsvLoader } from "~/routes/$workspaceId.$workspaceSlug+/bounces[.csv]";
import {
  action as unsubscriptionsAction,
  loader as unsubscriptionsLoader,
} from "~/routes/$workspaceId.$workspaceSlug+/unsubscriptions";
import { loader as unsubscriptionsCsvLoader } from "~/routes/$workspaceId.$workspaceSlug+/unsubscriptions[.csv]";
import type {
  RecipientsAnswer,
  RecipientsPageData,
} from "~/routes/$workspaceId.$workspaceSlug+/__recipient-lists/recipients.server";
import type { RunningBackend } from "../support/backend";
import { appRequest, loaderData, redirectTarget, signedTarget, unsigned, run, signIn, startAppBackend, type SignedIn } from "../support/app";

const ACME = { workspaceId: "5100000000000001", workspaceSlug: "acme-marketing" };
const ACME_PREFIX = "/5100000000000001/acme-marketing";
const SAMS = { workspaceId: "5100000000000003", workspaceSlug: "sams-space" };
const SAMS_PREFIX = "/5100000000000003/sams-space";

let backend: RunningBackend;
const people: Record<string, SignedIn> = {};
beforeAll(async () => {
  backend = await startAppBackend();
  // ben.baker@acme.test: a MEMBER of Acme Marketing on the PRO user plan, so sharing is on for him.
  for (const email of ["owner@acme.test", "member@acme.test", "ben.baker@acme.test", "solo@gmail.com"]) {
    people[email] = await signIn(backend, email);
  }
});
afterAll(() => backend.close());

type Kind = "unsubscriptions" | "bounces";

/** The backend's own list, as the signed-in person sees it (not through the app). */
async function storedAddresses(email: string, kind: Kind, workspaceId: string, search: string) {
  const url = new URL(`${backend.env.API_V2_URL}/users/me/workspaces/${workspaceId}/${kind}`);
  url.searchParams.set("filterBy", `search:${search}`);
  url.searchParams.set("limit", "100");
  const response = await fetch(url, { headers: { Authorization: `Bearer ${people[email]!.session.accessToken}` } });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { items: { emailAddress: string; type: string }[] };
  return body.items;
}

/** An address of the space's own (WORKSPACE) list in Acme Marketing, as the seed stored it. */
async function spaceEntry(kind: Kind) {
  const row = await backend.db
    .selectFrom(kind as "unsubscriptions")
    .select("email")
    .where("workspace_id", "=", ACME.workspaceId)
    .where("type", "=", "WORKSPACE")
    .orderBy("email")
    .executeTakeFirstOrThrow();
  return row.email;
}

async function spaceEntryStored(kind: Kind, email: string) {
  const row = await backend.db
    .selectFrom(kind as "unsubscriptions")
    .select("id")
    .where("workspace_id", "=", ACME.workspaceId)
    .where("type", "=", "WORKSPACE")
    .where("email", "=", email)
    .executeTakeFirst();
  return row !== undefined;
}

function post(path: string, email: string, form: Record<string, string>, headers?: Record<string, string>) {
  return appRequest(path, { cookie: people[email]!.cookie, method: "POST", form, headers });
}

const get = (path: string, email: string) => appRequest(path, { cookie: people[email]!.cookie });

function answerOf(outcome: { result: unknown; response: Response | null }) {
  const result = outcome.result as { data: RecipientsAnswer; init: { status?: number } | null };
  return { answer: result.data, status: result.init?.status ?? 200 };
}

describe("adding unsubscriptions", () => {
  it("sends only the valid addresses, flags the invalid ones and logs manual_unsubscribe", async () => {
    const outcome = await run(
      unsubscriptionsAction,
      post(`${ACME_PREFIX}/unsubscriptions?sort=date`, "owner@acme.test", {
        intent: "add",
        emails: "Int-One@Example.test, not-an-address\nint-two@example.test int-one@example.test @bad.test",
      }),
      ACME,
    );
    const { answer, status } = answerOf(outcome);
    expect(status).toBe(200);
    expect(answer).toMatchObject({
      intent: "add",
      invalid: ["not-an-address", "@bad.test"],
      text: "not-an-address, @bad.test",
      feedback: { tone: "success", text: "2 email address(es) successfully unsubscribed." },
    });
    const stored = await storedAddresses("owner@acme.test", "unsubscriptions", ACME.workspaceId, "int-");
    expect(stored.map((item) => item.emailAddress).sort()).toEqual(["int-one@example.test", "int-two@example.test"]);
    expect(await storedAddresses("owner@acme.test", "unsubscriptions", ACME.workspaceId, "not-an-address")).toEqual([]);

    const events = await backend.db
      .selectFrom("events")
      .selectAll()
      .where("type", "=", "manual_unsubscribe")
      .where("user_email", "=", "owner@acme.test")
      .execute();
    expect(events.map((event) => JSON.parse(event.params ?? "{}").count)).toContain(2);
  });

  it("clears the input with a redirect when all are valid, and says when none was new", async () => {
    const first = await run(
      unsubscriptionsAction,
      post(`${ACME_PREFIX}/unsubscriptions?q=int&result=deleted`, "owner@acme.test", {
        intent: "add",
        emails: "int-three@example.test",
      }),
      ACME,
    );
    expect(signedTarget(first)).toBe(`${ACME_PREFIX}/unsubscriptions?q=int&result=added&count=1`);

    const again = await run(
      unsubscriptionsAction,
      post(`${ACME_PREFIX}/unsubscriptions`, "owner@acme.test", {
        intent: "add",
        emails: "INT-THREE@example.test, int-one@example.test",
      }),
      ACME,
    );
    const target = redirectTarget(again);
    expect(unsigned(target!)).toBe(`${ACME_PREFIX}/unsubscriptions?result=added&count=0`);
    const page = loaderData<RecipientsPageData>(
      await run(unsubscriptionsLoader, get(target!, "owner@acme.test"), ACME),
    );
    expect(page.feedback).toEqual({ tone: "info", text: "These email addresses were already unsubscribed." });
  });

  it("refuses text without any valid address with 400, sending nothing and keeping the text", async () => {
    const typed = "nope, also-not@, @x.test";
    const outcome = await run(
      unsubscriptionsAction,
      post(`${ACME_PREFIX}/unsubscriptions`, "owner@acme.test", { intent: "add", emails: typed }),
      ACME,
    );
    const { answer, status } = answerOf(outcome);
    expect(status).toBe(400);
    expect(answer).toMatchObject({
      intent: "add",
      text: typed,
      invalid: ["nope", "also-not@", "@x.test"],
      feedback: null,
    });
    expect(await storedAddresses("owner@acme.test", "unsubscriptions", ACME.workspaceId, "also-not")).toEqual([]);

    const empty = answerOf(
      await run(
        unsubscriptionsAction,
        post(`${ACME_PREFIX}/unsubscriptions`, "owner@acme.test", { intent: "add", emails: " , " }),
        ACME,
      ),
    );
    expect(empty.status).toBe(400);
    expect(empty.answer).toMatchObject({ formError: "Enter at least one email address." });
  });
});

describe("the unsubscriptions page", () => {
  it("lists by address ascending, 25 a page, with dates and the delete rule", async () => {
    const emails = Array.from({ length: 27 }, (_, index) => `page-${String(index).padStart(2, "0")}@example.test`);
    await run(
      unsubscriptionsAction,
      post(`${ACME_PREFIX}/unsubscriptions`, "owner@acme.test", { intent: "add", emails: emails.join(" ") }),
      ACME,
    );

    const first = loaderData<RecipientsPageData>(
      await run(unsubscriptionsLoader, get(`${ACME_PREFIX}/unsubscriptions?q=page-`, "owner@acme.test"), ACME),
    );
    expect(first.rows).toHaveLength(25);
    expect(first.hasNextPage).toBe(true);
    expect(first.rows[0]!.email).toBe("page-00@example.test");
    expect(first.rows.every((row) => row.canDelete)).toBe(true);
    expect(first.shared).toBe(true);

    const second = loaderData<RecipientsPageData>(
      await run(unsubscriptionsLoader, get(`${ACME_PREFIX}/unsubscriptions?q=page-&page=2`, "owner@acme.test"), ACME),
    );
    expect(second.rows.map((row) => row.email)).toEqual(["page-25@example.test", "page-26@example.test"]);
    expect(second.hasNextPage).toBe(false);

    const descending = loaderData<RecipientsPageData>(
      await run(unsubscriptionsLoader, get(`${ACME_PREFIX}/unsubscriptions?q=page-&dir=desc`, "owner@acme.test"), ACME),
    );
    expect(descending.rows[0]!.email).toBe("page-26@example.test");
  });

  it("dates an entry by its last update, or its creation without one (002 §3)", async () => {
    await run(
      unsubscriptionsAction,
      post(`${ACME_PREFIX}/unsubscriptions`, "owner@acme.test", { intent: "add", emails: "dated@example.test" }),
      ACME,
    );
    const created = Date.UTC(2026, 0, 5, 8, 0);
    const updated = Date.UTC(2026, 2, 7, 9, 30);
    await backend.db
      .updateTable("unsubscriptions")
      .set({ create_timestamp: created, last_update_timestamp: updated })
      .where("email", "=", "dated@example.test")
      .execute();
    const page = loaderData<RecipientsPageData>(
      await run(
        unsubscriptionsLoader,
        get(`${ACME_PREFIX}/unsubscriptions?q=dated%40example.test`, "owner@acme.test"),
        ACME,
      ),
    );
    expect(page.rows.map((row) => row.dateTime)).toEqual([new Date(updated).toISOString()]);
  });

  it("tells a page past the end from no match, and redirects a non-canonical query (issue 9)", async () => {
    const pastEnd = loaderData<RecipientsPageData>(
      await run(unsubscriptionsLoader, get(`${ACME_PREFIX}/unsubscriptions?q=page-&page=9`, "owner@acme.test"), ACME),
    );
    expect(pastEnd.emptyReason).toBe("pastEnd");
    const outcome = await run(
      unsubscriptionsLoader,
      get(`${ACME_PREFIX}/unsubscriptions?q=&sort=email&dir=asc&page=1`, "owner@acme.test"),
      ACME,
    );
    expect(redirectTarget(outcome)).toBe(`${ACME_PREFIX}/unsubscriptions`);
  });

  it("explains sharing to the owner of a free space with an upgrade link, and to a free member with the owner's address", async () => {
    const solo = loaderData<RecipientsPageData>(
      await run(unsubscriptionsLoader, get(`${SAMS_PREFIX}/unsubscriptions`, "solo@gmail.com"), SAMS),
    );
    expect(solo.shared).toBe(false);
    expect(solo.explainer.flat()).toContainEqual({ upgradeLink: "Upgrade your space" });
    expect(solo.upgradeHref).toBe(`${SAMS_PREFIX}/space/billing`);

    const member = loaderData<RecipientsPageData>(
      await run(unsubscriptionsLoader, get(`${ACME_PREFIX}/unsubscriptions`, "member@acme.test"), ACME),
    );
    expect(member.shared).toBe(false);
    expect(member.explainer.flat()).toContainEqual({ ownerEmail: "owner@acme.test" });
  });

  it("opens the confirmation from the URL", async () => {
    const page = loaderData<RecipientsPageData>(
      await run(
        unsubscriptionsLoader,
        get(`${ACME_PREFIX}/unsubscriptions?confirm=int-two%40example.test`, "owner@acme.test"),
        ACME,
      ),
    );
    expect(page.confirm).toBe("int-two@example.test");
  });
});

describe("deleting unsubscriptions", () => {
  it("deletes one, keeping the list state, and says so", async () => {
    const outcome = await run(
      unsubscriptionsAction,
      post(`${ACME_PREFIX}/unsubscriptions?q=int&confirm=int-two%40example.test`, "owner@acme.test", {
        intent: "delete",
        address: "int-two@example.test",
      }),
      ACME,
    );
    const target = redirectTarget(outcome);
    expect(unsigned(target!)).toBe(`${ACME_PREFIX}/unsubscriptions?q=int&result=deleted`);
    expect(await storedAddresses("owner@acme.test", "unsubscriptions", ACME.workspaceId, "int-two")).toEqual([]);
    const page = loaderData<RecipientsPageData>(
      await run(unsubscriptionsLoader, get(target!, "owner@acme.test"), ACME),
    );
    expect(page.feedback).toEqual({ tone: "success", text: "1 unsubscribed email address successfully deleted." });
    // Issue 34: the same link typed, or opened by another member of the space, says nothing.
    const typed = loaderData<RecipientsPageData>(
      await run(unsubscriptionsLoader, get(unsigned(target!), "owner@acme.test"), ACME),
    );
    expect(typed.feedback).toBeNull();
    expect(typed.rows).toEqual(page.rows);
    const shared = loaderData<RecipientsPageData>(await run(unsubscriptionsLoader, get(target!, "member@acme.test"), ACME));
    expect(shared.feedback).toBeNull();
  });

  it("refuses a member with sharing on the space's shared entries (disabled, and 403 on the server)", async () => {
    await run(
      unsubscriptionsAction,
      post(`${ACME_PREFIX}/unsubscriptions`, "owner@acme.test", { intent: "add", emails: "shared-one@example.test" }),
      ACME,
    );
    const [entry] = await storedAddresses("ben.baker@acme.test", "unsubscriptions", ACME.workspaceId, "shared-one");
    expect(entry).toMatchObject({ emailAddress: "shared-one@example.test", type: "WORKSPACE" });

    const page = loaderData<RecipientsPageData>(
      await run(
        unsubscriptionsLoader,
        get(`${ACME_PREFIX}/unsubscriptions?q=shared-one&confirm=shared-one%40example.test`, "ben.baker@acme.test"),
        ACME,
      ),
    );
    expect(page.rows).toEqual([expect.objectContaining({ email: "shared-one@example.test", canDelete: false })]);
    expect(page.confirm).toBeNull();

    const refused = answerOf(
      await run(
        unsubscriptionsAction,
        post(`${ACME_PREFIX}/unsubscriptions`, "ben.baker@acme.test", {
          intent: "delete",
          address: "shared-one@example.test",
        }),
        ACME,
      ),
    );
    expect(refused.status).toBe(403);
    expect(refused.answer).toEqual({
      intent: "delete",
      address: "shared-one@example.test",
      error:
        "Addresses unsubscribed for the whole space are shared with every paid user: only the space owner or an admin can remove them.",
    });
    expect(await storedAddresses("owner@acme.test", "unsubscriptions", ACME.workspaceId, "shared-one")).toHaveLength(1);

    // The owner may.
    const byOwner = await run(
      unsubscriptionsAction,
      post(`${ACME_PREFIX}/unsubscriptions`, "owner@acme.test", {
        intent: "delete",
        address: "shared-one@example.test",
      }),
      ACME,
    );
    expect(signedTarget(byOwner)).toBe(`${ACME_PREFIX}/unsubscriptions?result=deleted`);
    expect(await storedAddresses("owner@acme.test", "unsubscriptions", ACME.workspaceId, "shared-one")).toEqual([]);
  });

  it("shows a member on the FREE user plan only their own, and never deletes the space's", async () => {
    const spaceUnsubscription = await spaceEntry("unsubscriptions");
    const page = loaderData<RecipientsPageData>(
      await run(unsubscriptionsLoader, get(`${ACME_PREFIX}/unsubscriptions`, "member@acme.test"), ACME),
    );
    expect(page.rows.length).toBeGreaterThan(0);
    expect(page.rows.every((row) => row.type === "USER" && row.canDelete)).toBe(true);
    expect(page.rows.map((row) => row.email)).not.toContain(spaceUnsubscription);

    const refused = answerOf(
      await run(
        unsubscriptionsAction,
        post(`${ACME_PREFIX}/unsubscriptions`, "member@acme.test", { intent: "delete", address: spaceUnsubscription }),
        ACME,
      ),
    );
    expect(refused.status).toBe(404);
    expect(await spaceEntryStored("unsubscriptions", spaceUnsubscription)).toBe(true);
  });

  it("answers an address that is not on the list with the error text", async () => {
    const { answer, status } = answerOf(
      await run(
        unsubscriptionsAction,
        post(`${ACME_PREFIX}/unsubscriptions`, "owner@acme.test", { intent: "delete", address: "never@example.test" }),
        ACME,
      ),
    );
    expect(status).toBe(404);
    expect(answer).toEqual({
      intent: "delete",
      address: "never@example.test",
      error: "An error ocurred. Please try again.",
    });
  });
});

describe("the action's guards", () => {
  it("answers an unknown intent with 400", async () => {
    const { status, answer } = answerOf(
      await run(
        unsubscriptionsAction,
        post(`${ACME_PREFIX}/unsubscriptions`, "owner@acme.test", { intent: "purge" }),
        ACME,
      ),
    );
    expect(status).toBe(400);
    expect(answer.intent).toBeNull();
    const missing = answerOf(
      await run(bouncesAction, post(`${SAMS_PREFIX}/bounces`, "solo@gmail.com", { emails: "a@b.test" }), SAMS),
    );
    expect(missing.status).toBe(400);
  });

  it("refuses a cross-site POST with 403", async () => {
    const outcome = await run(
      unsubscriptionsAction,
      post(
        `${ACME_PREFIX}/unsubscriptions`,
        "owner@acme.test",
        { intent: "add", emails: "cross@example.test" },
        { Origin: "https://evil.test" },
      ),
      ACME,
    );
    expect(outcome.response?.status).toBe(403);
    expect(await storedAddresses("owner@acme.test", "unsubscriptions", ACME.workspaceId, "cross@")).toEqual([]);
  });

  it("keeps bounces hidden from paid users of a Pro space, for the page, the action and the CSV", async () => {
    const sent = `${ACME_PREFIX}/mail-merges/sent`;
    expect(redirectTarget(await run(bouncesLoader, get(`${ACME_PREFIX}/bounces`, "owner@acme.test"), ACME))).toBe(sent);
    expect(
      redirectTarget(
        await run(
          bouncesAction,
          post(`${ACME_PREFIX}/bounces`, "owner@acme.test", { intent: "add", emails: "x@example.test" }),
          ACME,
        ),
      ),
    ).toBe(sent);
    expect(
      redirectTarget(await run(bouncesCsvLoader, get(`${ACME_PREFIX}/bounces.csv`, "owner@acme.test"), ACME)),
    ).toBe(sent);
  });
});

describe("bounces", () => {
  it("adds, says how many, and deletes", async () => {
    const added = await run(
      bouncesAction,
      post(`${SAMS_PREFIX}/bounces`, "solo@gmail.com", {
        intent: "add",
        emails: "b-one@example.test,b-two@example.test, bad",
      }),
      SAMS,
    );
    expect(answerOf(added).answer).toMatchObject({
      invalid: ["bad"],
      feedback: { tone: "success", text: "2 email addresses successfully added to bounce list" },
    });
    const again = await run(
      bouncesAction,
      post(`${SAMS_PREFIX}/bounces`, "solo@gmail.com", { intent: "add", emails: "b-one@example.test" }),
      SAMS,
    );
    const page = loaderData<RecipientsPageData>(
      await run(bouncesLoader, get(redirectTarget(again)!, "solo@gmail.com"), SAMS),
    );
    expect(page.feedback).toEqual({ tone: "info", text: "These email addresses were already on the bounce list" });

    const deleted = await run(
      bouncesAction,
      post(`${SAMS_PREFIX}/bounces`, "solo@gmail.com", { intent: "delete", address: "b-one@example.test" }),
      SAMS,
    );
    const after = loaderData<RecipientsPageData>(
      await run(bouncesLoader, get(redirectTarget(deleted)!, "solo@gmail.com"), SAMS),
    );
    expect(after.feedback).toEqual({ tone: "success", text: "1 bounced email address successfully deleted" });
    expect(
      (await storedAddresses("solo@gmail.com", "bounces", SAMS.workspaceId, "b-")).map((item) => item.emailAddress),
    ).toEqual(["b-two@example.test"]);
  });

  it("shows a member without shared bounces only their own, and never deletes the space's", async () => {
    const spaceBounce = await spaceEntry("bounces");
    const page = loaderData<RecipientsPageData>(
      await run(bouncesLoader, get(`${ACME_PREFIX}/bounces`, "member@acme.test"), ACME),
    );
    expect(page.shared).toBe(false);
    expect(page.rows.length).toBeGreaterThan(0);
    expect(page.rows.every((row) => row.type === "USER" && row.canDelete)).toBe(true);
    expect(page.rows.map((row) => row.email)).not.toContain(spaceBounce);

    const refused = answerOf(
      await run(
        bouncesAction,
        post(`${ACME_PREFIX}/bounces`, "member@acme.test", { intent: "delete", address: spaceBounce }),
        ACME,
      ),
    );
    expect(refused.status).toBe(404);
    expect(await spaceEntryStored("bounces", spaceBounce)).toBe(true);
  });

  it("lets a free member delete the bounces they add: their list is not shared (000 §6)", async () => {
    const added = await run(
      bouncesAction,
      post(`${ACME_PREFIX}/bounces`, "member@acme.test", { intent: "add", emails: "mias-own@example.test" }),
      ACME,
    );
    expect(signedTarget(added)).toBe(`${ACME_PREFIX}/bounces?result=added&count=1`);
    const page = loaderData<RecipientsPageData>(
      await run(bouncesLoader, get(`${ACME_PREFIX}/bounces?q=mias-own`, "member@acme.test"), ACME),
    );
    expect(page.rows).toEqual([expect.objectContaining({ email: "mias-own@example.test", canDelete: true })]);
    const deleted = await run(
      bouncesAction,
      post(`${ACME_PREFIX}/bounces`, "member@acme.test", { intent: "delete", address: "mias-own@example.test" }),
      ACME,
    );
    expect(signedTarget(deleted)).toBe(`${ACME_PREFIX}/bounces?result=deleted`);
  });
});

describe("CSV export", () => {
  it("streams the filtered list with a dated file name and logs the export", async () => {
    const outcome = await run(
      unsubscriptionsCsvLoader,
      get(`${ACME_PREFIX}/unsubscriptions.csv?q=int-&sort=email&dir=asc`, "owner@acme.test"),
      ACME,
    );
    const response = outcome.result as Response;
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="Exported_unsubscriptions_\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = (await response.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\n");
    expect(lines[0]).toBe("Email address,Date");
    expect(lines.slice(1).map((line) => line.split(",")[0])).toEqual([
      "int-one@example.test",
      "int-three@example.test",
    ]);
    expect(lines[1]).toMatch(/^int-one@example\.test,\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);

    const events = await backend.db.selectFrom("events").selectAll().where("type", "=", "csv_export").execute();
    expect(events.map((event) => JSON.parse(event.params ?? "{}").export_type)).toContain("unsubscription");

    const bounces = await run(bouncesCsvLoader, get(`${SAMS_PREFIX}/bounces.csv`, "solo@gmail.com"), SAMS);
    expect((bounces.result as Response).headers.get("Content-Disposition")).toMatch(/Exported_bounces_/);
  });
});
