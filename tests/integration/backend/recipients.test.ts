import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RecipientTable } from "../../../backend/src/db/tables/recipients";
import { PERSONAS, SPACES } from "../../../backend/src/db/seed/personas";
import { insertRecipients } from "../../../backend/src/store/recipients";
import { startBackend, type RunningBackend } from "../support/backend";
import { apiClient, signedInClient } from "./support/api";

let backend: RunningBackend;
beforeAll(async () => {
  backend = await startBackend();
});
afterAll(() => backend?.close());

const MARKETING = SPACES.acmeMarketing.id;
const as = (email: string) => signedInClient(backend, email);

interface Item {
  emailAddress: string;
  createTimestamp: string;
  lastUpdateTimestamp: string;
  type: "WORKSPACE" | "USER";
}
const emails = (body: { items: Item[] }) => body.items.map((item) => item.emailAddress);

const KINDS = [
  {
    table: "unsubscriptions",
    list: "unsubscriptions",
    add: "workspace-activation-add-unsubscriptions",
    remove: "workspace-activation-delete-unsubscriptions",
  },
  {
    table: "bounces",
    list: "bounces",
    add: "workspace-activation-add-bounces",
    remove: "workspace-activation-delete-bounces",
  },
] as const;
const [UNSUBSCRIPTIONS, BOUNCES] = KINDS;
type Kind = (typeof KINDS)[number];

function listPath(kind: Kind, workspaceId: string, params: Record<string, string | number> = {}) {
  const query = new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)]));
  return `/api/v2/users/me/workspaces/${workspaceId}/${kind.list}?${query}`;
}
const addPath = (kind: Kind) => `/api/v2/users/${kind.add}/me`;
const removePath = (kind: Kind, workspaceId: string, email: string) =>
  `/api/v2/users/${kind.remove}/me/${workspaceId}/${encodeURIComponent(email)}`;

/** What a user sees: the space's WORKSPACE entries and their own USER ones. */
async function visibleTo(table: RecipientTable, workspaceId: string, userId: string) {
  const rows = await backend.db
    .selectFrom(table as "unsubscriptions")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .execute();
  return rows.filter((row) => row.type === "WORKSPACE" || row.owner_user_id === userId);
}

describe.each(KINDS)("GET /users/me/workspaces/{workspaceId}/$list", (kind) => {
  it("lists the space's shared entries and the caller's own, by address", async () => {
    const { status, body } = await (await as(PERSONAS.owner.email)).get(listPath(kind, MARKETING, { limit: 100 }));
    expect(status).toBe(200);
    const expected = (await visibleTo(kind.table, MARKETING, PERSONAS.owner.id)).sort((a, b) =>
      a.email < b.email ? -1 : a.email > b.email ? 1 : 0,
    );
    expect(body.items).toHaveLength(kind.table === "unsubscriptions" ? 40 : 30);
    expect(emails(body)).toEqual(expected.map((row) => row.email));
    const first = expected[0];
    expect(body.items[0]).toEqual({
      emailAddress: first.email,
      createTimestamp: String(first.create_timestamp),
      lastUpdateTimestamp: String(first.last_update_timestamp),
      type: first.type,
    });
    expect(new Set(body.items.map((item: Item) => item.type))).toEqual(new Set(["WORKSPACE", "USER"]));

    // Other members' own entries stay theirs.
    const adminsOwn = (await visibleTo(kind.table, MARKETING, PERSONAS.admin.id)).filter((row) => row.type === "USER");
    expect(adminsOwn.length).toBeGreaterThan(0);
    for (const row of adminsOwn) expect(emails(body)).not.toContain(row.email);
  });

  it("shows a member the shared entries plus their own", async () => {
    const { body } = await (await as(PERSONAS.member.email)).get(listPath(kind, MARKETING, { limit: 100 }));
    const expected = await visibleTo(kind.table, MARKETING, PERSONAS.member.id);
    expect(emails(body).sort()).toEqual(expected.map((row) => row.email).sort());
    expect(body.items.filter((item: Item) => item.type === "USER")).toHaveLength(
      kind.table === "unsubscriptions" ? 2 : 1,
    );
  });

  it("sorts by date both ways and by address descending; ties never overlap pages", async () => {
    const client = await as(PERSONAS.owner.email);
    const newest = await client.get(listPath(kind, MARKETING, { sortBy: "createTimestamp", limit: 100 }));
    const times = newest.body.items.map((item: Item) => Number(item.createTimestamp));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const oldest = await client.get(listPath(kind, MARKETING, { sortBy: "createTimestamp:asc", limit: 100 }));
    expect(emails(oldest.body)).toEqual([...emails(newest.body)].reverse());
    const descending = await client.get(listPath(kind, MARKETING, { sortBy: "emailAddress:desc", limit: 100 }));
    const ascending = await client.get(listPath(kind, MARKETING, { sortBy: "emailAddress:asc", limit: 100 }));
    expect(emails(descending.body)).toEqual([...emails(ascending.body)].reverse());

    const paged: string[] = [];
    for (let offset = 0; offset < 40; offset += 9) {
      paged.push(...emails((await client.get(listPath(kind, MARKETING, { limit: 9, limitOffset: offset }))).body));
    }
    expect(paged).toEqual(emails(ascending.body));
  });

  it("searches the addresses, case-insensitively", async () => {
    const client = await as(PERSONAS.owner.email);
    const all = emails((await client.get(listPath(kind, MARKETING, { limit: 100 }))).body);
    const { body } = await client.get(listPath(kind, MARKETING, { filterBy: "search:EXAMPLE.ORG", limit: 100 }));
    expect(emails(body)).toEqual(all.filter((email) => email.includes("example.org")));
    expect(body.items.length).toBeGreaterThan(0);
    expect(
      (await client.get(listPath(kind, MARKETING, { filterBy: "search:_" }))).body.items.every((item: Item) =>
        item.emailAddress.includes("_"),
      ),
    ).toBe(true);
  });

  it("is empty where nothing was added (Acme Sales)", async () => {
    expect(await (await as(PERSONAS.salesLead.email)).get(listPath(kind, SPACES.acmeSales.id))).toEqual({
      status: 200,
      body: { items: [] },
    });
  });

  it.each([
    ["an unknown filter", { filterBy: "type:USER" }, /^filterBy: /],
    ["an unknown sort", { sortBy: "type" }, /^sortBy: /],
    ["limit 30001", { limit: 30_001 }, /^limit: /],
  ])("answers 400 to %s", async (_label, params, reason) => {
    const { status, body } = await (await as(PERSONAS.owner.email)).get(listPath(kind, MARKETING, params));
    expect(status).toBe(400);
    expect(body.reason).toMatch(reason);
  });

  it("answers 401 without a token, 403 outside the caller's spaces, 404 for an unknown space", async () => {
    expect((await apiClient(backend).get(listPath(kind, MARKETING))).status).toBe(401);
    expect((await (await as(PERSONAS.premium.email)).get(listPath(kind, MARKETING))).status).toBe(403);
    expect((await (await as(PERSONAS.disabled.email)).get(listPath(kind, MARKETING))).status).toBe(403);
    expect((await (await as(PERSONAS.owner.email)).get(listPath(kind, "5199999999999999"))).status).toBe(404);
  });
});

describe.each(KINDS)("POST /users/$add/me", (kind) => {
  it("adds the new addresses, lower-cased and without duplicates, and counts them", async () => {
    const client = await as(PERSONAS.owner.email);
    const [existing] = emails((await client.get(listPath(kind, MARKETING))).body);
    const { status, body } = await client.post(addPath(kind), {
      workspaceId: MARKETING,
      emailAddresses: [
        `New.Person+${kind.list}@Example.com`,
        `new.person+${kind.list}@example.com`,
        existing,
        ` other.${kind.list}@example.net `,
      ],
    });
    expect(status).toBe(200);
    expect(body).toEqual({ updated: 2 });

    const { body: list } = await client.get(
      listPath(kind, MARKETING, { filterBy: `search:${kind.list}@`, limit: 100 }),
    );
    const added = list.items.filter(
      (item: Item) =>
        item.emailAddress.endsWith(`${kind.list}@example.com`) ||
        item.emailAddress.endsWith(`${kind.list}@example.net`),
    );
    expect(added.map((item: Item) => item.emailAddress).sort()).toEqual([
      `new.person+${kind.list}@example.com`,
      `other.${kind.list}@example.net`,
    ]);
    // Acme Marketing shares its lists (paid space): the entries are the space's.
    expect(added.every((item: Item) => item.type === "WORKSPACE")).toBe(true);
    expect(Math.abs(Number(added[0].createTimestamp) - Date.now())).toBeLessThan(60_000);

    // Adding them again adds nothing.
    expect(
      (
        await client.post(addPath(kind), {
          workspaceId: MARKETING,
          emailAddresses: [`NEW.PERSON+${kind.list}@EXAMPLE.COM`],
        })
      ).body,
    ).toEqual({ updated: 0 });
    // A member sees them at once: they are shared.
    const member = await as(PERSONAS.member.email);
    expect(emails((await member.get(listPath(kind, MARKETING, { limit: 100 }))).body)).toContain(
      `new.person+${kind.list}@example.com`,
    );
  });

  it("adds the caller's own (USER) entries where the space does not share its lists", async () => {
    const solo = await as(PERSONAS.solo.email);
    const { body } = await solo.post(addPath(kind), {
      workspaceId: SPACES.samsSpace.id,
      emailAddresses: [`solo.friend@example.com`],
    });
    expect(body).toEqual({ updated: 1 });
    const list = await solo.get(listPath(kind, SPACES.samsSpace.id, { filterBy: "search:solo.friend" }));
    expect(list.body.items).toEqual([
      expect.objectContaining({ emailAddress: "solo.friend@example.com", type: "USER" }),
    ]);
  });

  it("counts an address the caller already has as their own as present", async () => {
    const owner = await as(PERSONAS.owner.email);
    const ownEntry = (await visibleTo(kind.table, MARKETING, PERSONAS.owner.id)).find((row) => row.type === "USER")!;
    expect(
      (await owner.post(addPath(kind), { workspaceId: MARKETING, emailAddresses: [ownEntry.email] })).body,
    ).toEqual({
      updated: 0,
    });
  });

  it.each([
    [
      "an invalid address",
      { workspaceId: MARKETING, emailAddresses: ["ok@example.com", "not-an-email"] },
      /^emailAddresses\.1: /,
    ],
    ["no address", { workspaceId: MARKETING, emailAddresses: [] }, /^emailAddresses: /],
    [
      "more than 500 addresses",
      { workspaceId: MARKETING, emailAddresses: Array.from({ length: 501 }, (_, i) => `a${i}@example.com`) },
      /^emailAddresses: /,
    ],
    ["no workspaceId", { emailAddresses: ["ok@example.com"] }, /WorkspaceId is required/],
    ["an empty workspaceId", { workspaceId: " ", emailAddresses: ["ok@example.com"] }, /WorkspaceId is required/],
    ["no emailAddresses", { workspaceId: MARKETING }, /^emailAddresses: /],
  ])("answers 400 to %s", async (_label, body, reason) => {
    const answer = await (await as(PERSONAS.owner.email)).post(addPath(kind), body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: "invalid_request", reason: expect.stringMatching(reason) });
  });

  it("answers 401 without a token, 403 outside the caller's spaces, 404 for an unknown space", async () => {
    const body = { workspaceId: MARKETING, emailAddresses: ["x@example.com"] };
    expect((await apiClient(backend).post(addPath(kind), body)).status).toBe(401);
    expect((await (await as(PERSONAS.premium.email)).post(addPath(kind), body)).status).toBe(403);
    expect(
      (await (await as(PERSONAS.owner.email)).post(addPath(kind), { ...body, workspaceId: "5199999999999999" })).status,
    ).toBe(404);
  });
});

describe.each(KINDS)("DELETE /users/$remove/me/{workspaceId}/{emailAddress}", (kind) => {
  it("deletes an entry the caller sees (URL-encoded address); it is then absent", async () => {
    const owner = await as(PERSONAS.owner.email);
    await owner.post(addPath(kind), {
      workspaceId: MARKETING,
      emailAddresses: [`jane+delete-${kind.list}@example.com`],
    });
    const path = removePath(kind, MARKETING, `Jane+Delete-${kind.list}@example.com`);
    expect(await owner.delete(path)).toEqual({ status: 204, body: null });
    expect(emails((await owner.get(listPath(kind, MARKETING, { limit: 100 }))).body)).not.toContain(
      `jane+delete-${kind.list}@example.com`,
    );
    expect(await owner.delete(path)).toEqual({
      status: 404,
      body: { error: kind.table === "unsubscriptions" ? "unsubscription_not_found" : "bounce_not_found" },
    });
  });

  it("answers 404 for an address the caller does not see (another member's own)", async () => {
    const adminsOwn = (await visibleTo(kind.table, MARKETING, PERSONAS.admin.id)).find((row) => row.type === "USER")!;
    const owner = await as(PERSONAS.owner.email);
    expect((await owner.delete(removePath(kind, MARKETING, adminsOwn.email))).status).toBe(404);
    expect((await visibleTo(kind.table, MARKETING, PERSONAS.admin.id)).map((row) => row.email)).toContain(
      adminsOwn.email,
    );
  });

  it("lets a member delete their own entries", async () => {
    const own = (await visibleTo(kind.table, MARKETING, PERSONAS.member.id)).find((row) => row.type === "USER")!;
    const member = await as(PERSONAS.member.email);
    expect((await member.delete(removePath(kind, MARKETING, own.email))).status).toBe(204);
  });

  it("answers 401 without a token, 403 outside the caller's spaces, 404 for an unknown space", async () => {
    const shared = (await visibleTo(kind.table, MARKETING, PERSONAS.owner.id)).find((row) => row.type === "WORKSPACE")!;
    expect((await apiClient(backend).delete(removePath(kind, MARKETING, shared.email))).status).toBe(401);
    expect((await (await as(PERSONAS.premium.email)).delete(removePath(kind, MARKETING, shared.email))).status).toBe(
      403,
    );
    expect(
      (await (await as(PERSONAS.owner.email)).delete(removePath(kind, "5199999999999999", shared.email))).status,
    ).toBe(404);
  });
});

describe("delete rules for shared entries (002 §6)", () => {
  it("refuses a paid MEMBER the space's shared unsubscriptions when sharedUnsubscribes is on; admins may", async () => {
    // Ben Baker is a paid MEMBER of Acme Marketing: the list is shared with him.
    const shared = (await visibleTo("unsubscriptions", MARKETING, PERSONAS.benBaker.id)).filter(
      (row) => row.type === "WORKSPACE",
    );
    const ben = await as(PERSONAS.benBaker.email);
    expect(await ben.delete(removePath(UNSUBSCRIPTIONS, MARKETING, shared[0].email))).toEqual({
      status: 403,
      body: { error: "forbidden", reason: expect.any(String) },
    });
    expect((await visibleTo("unsubscriptions", MARKETING, PERSONAS.benBaker.id)).map((row) => row.email)).toContain(
      shared[0].email,
    );
    const admin = await as(PERSONAS.admin.email);
    expect((await admin.delete(removePath(UNSUBSCRIPTIONS, MARKETING, shared[0].email))).status).toBe(204);
  });

  it("lets a FREE member delete shared unsubscriptions: sharing needs a paid plan (000 §6)", async () => {
    const shared = (await visibleTo("unsubscriptions", MARKETING, PERSONAS.member.id)).find((row) => row.type === "WORKSPACE")!;
    const member = await as(PERSONAS.member.email);
    expect((await member.delete(removePath(UNSUBSCRIPTIONS, MARKETING, shared.email))).status).toBe(204);
  });

  it("lets a paid MEMBER delete the space's shared bounces when sharedBounces is on, not a FREE one", async () => {
    const shared = (await visibleTo("bounces", MARKETING, PERSONAS.member.id)).filter((row) => row.type === "WORKSPACE");
    const member = await as(PERSONAS.member.email);
    expect((await member.delete(removePath(BOUNCES, MARKETING, shared[0].email))).status).toBe(403);
    const ben = await as(PERSONAS.benBaker.email);
    expect((await ben.delete(removePath(BOUNCES, MARKETING, shared[0].email))).status).toBe(204);
  });

  it("refuses a MEMBER without sharedBounces the space's bounces, not their own (owner@acme.test in Acme Sales)", async () => {
    const now = Date.now();
    await insertRecipients(backend.db, "bounces", [
      {
        workspace_id: SPACES.acmeSales.id,
        owner_user_id: PERSONAS.salesLead.id,
        email: "shared.bounce@example.com",
        type: "WORKSPACE",
        create_timestamp: now,
        last_update_timestamp: now,
      },
      {
        workspace_id: SPACES.acmeSales.id,
        owner_user_id: PERSONAS.owner.id,
        email: "own.bounce@example.com",
        type: "USER",
        create_timestamp: now,
        last_update_timestamp: now,
      },
    ]);
    const owner = await as(PERSONAS.owner.email);
    const listed = await owner.get(listPath(BOUNCES, SPACES.acmeSales.id));
    expect(listed.body.items.map((item: Item) => [item.emailAddress, item.type])).toEqual([
      ["own.bounce@example.com", "USER"],
      ["shared.bounce@example.com", "WORKSPACE"],
    ]);
    expect((await owner.delete(removePath(BOUNCES, SPACES.acmeSales.id, "shared.bounce@example.com"))).status).toBe(
      403,
    );
    expect((await owner.delete(removePath(BOUNCES, SPACES.acmeSales.id, "own.bounce@example.com"))).status).toBe(204);
    // Its owner may.
    const salesLead = await as(PERSONAS.salesLead.email);
    expect((await salesLead.delete(removePath(BOUNCES, SPACES.acmeSales.id, "shared.bounce@example.com"))).status).toBe(
      204,
    );
    expect((await owner.get(listPath(BOUNCES, SPACES.acmeSales.id))).body).toEqual({ items: [] });
  });

  it("lets a MEMBER delete shared unsubscriptions where sharing is off (owner@acme.test in Acme Sales)", async () => {
    const now = Date.now();
    await insertRecipients(backend.db, "unsubscriptions", [
      {
        workspace_id: SPACES.acmeSales.id,
        owner_user_id: PERSONAS.salesLead.id,
        email: "old.shared@example.com",
        type: "WORKSPACE",
        create_timestamp: now,
        last_update_timestamp: now,
      },
    ]);
    const owner = await as(PERSONAS.owner.email);
    expect(
      (await owner.delete(removePath(UNSUBSCRIPTIONS, SPACES.acmeSales.id, "old.shared@example.com"))).status,
    ).toBe(204);
  });
});
