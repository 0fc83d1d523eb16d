import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RecipientTable } from "../../../backend/src/db/tables/recipients";
import { PERSONAS, SPACES, type PersonaKey, type SpaceKey } from "../../../backend/src/db/seed/personas";
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

/** What a user sees, as stored: their own USER entries, and the space's WORKSPACE ones when the list is shared with them. */
async function visibleTo(table: RecipientTable, workspaceId: string, userId: string, seesShared = true) {
  const rows = await backend.db
    .selectFrom(table as "unsubscriptions")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .execute();
  return rows.filter((row) => (seesShared && row.type === "WORKSPACE") || row.owner_user_id === userId);
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

  it("shows a member on the FREE user plan only their own entries: the list is not shared with them", async () => {
    const { body } = await (await as(PERSONAS.member.email)).get(listPath(kind, MARKETING, { limit: 100 }));
    const expected = await visibleTo(kind.table, MARKETING, PERSONAS.member.id, false);
    expect(emails(body).sort()).toEqual(expected.map((row) => row.email).sort());
    expect(body.items).toHaveLength(kind.table === "unsubscriptions" ? 2 : 1);
    expect(body.items.every((item: Item) => item.type === "USER")).toBe(true);
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
    // A paid member sees them at once: they are shared with him; a FREE member does not.
    const ben = await as(PERSONAS.benBaker.email);
    expect(emails((await ben.get(listPath(kind, MARKETING, { limit: 100 }))).body)).toContain(
      `new.person+${kind.list}@example.com`,
    );
    const member = await as(PERSONAS.member.email);
    expect(emails((await member.get(listPath(kind, MARKETING, { limit: 100 }))).body)).not.toContain(
      `new.person+${kind.list}@example.com`,
    );
  });

  it("adds a FREE member's addresses as their own, even one the space already has", async () => {
    const member = await as(PERSONAS.member.email);
    const spaces = (await visibleTo(kind.table, MARKETING, PERSONAS.owner.id)).find((row) => row.type === "WORKSPACE")!;
    const { body } = await member.post(addPath(kind), {
      workspaceId: MARKETING,
      emailAddresses: [spaces.email, `mia.friend+${kind.list}@example.com`],
    });
    expect(body).toEqual({ updated: 2 });
    const stored = await backend.db
      .selectFrom(kind.table as "unsubscriptions")
      .select(["email", "type", "owner_user_id"])
      .where("workspace_id", "=", MARKETING)
      .where("email", "in", [spaces.email, `mia.friend+${kind.list}@example.com`])
      .execute();
    expect(stored.filter((row) => row.owner_user_id === PERSONAS.member.id).map((row) => row.type)).toEqual([
      "USER",
      "USER",
    ]);
    // The space's entry is untouched by it.
    expect(stored.filter((row) => row.type === "WORKSPACE").map((row) => row.email)).toEqual([spaces.email]);
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

/**
 * The sharing rule (000 §6, 002 §6; backend/README.md): a list is shared with a
 * member who has its feature and a paid user plan. Without sharing they see and
 * edit only their own entries, whatever their role; with it they see the
 * space's entries, which the owner and admins may delete (unsubscriptions) or
 * everyone sharing them may delete (bounces). Nobody reaches another member's
 * own entries.
 */
describe("the sharing rule for each persona (000 §6, 002 §6)", () => {
  interface Case {
    who: string;
    persona: PersonaKey;
    space: SpaceKey;
    /** Who added the space's entry, and whose own entry the persona must not reach. */
    other: PersonaKey;
    seesShared: boolean;
    deletesShared: Record<Kind["table"], boolean>;
  }
  const CASES: Case[] = [
    {
      who: "owner@acme.test, OWNER of a Pro space",
      persona: "owner",
      space: "acmeMarketing",
      other: "admin",
      seesShared: true,
      deletesShared: { unsubscriptions: true, bounces: true },
    },
    {
      who: "admin@acme.test, ADMIN of a Pro space",
      persona: "admin",
      space: "acmeMarketing",
      other: "owner",
      seesShared: true,
      deletesShared: { unsubscriptions: true, bounces: true },
    },
    {
      who: "ben.baker@acme.test, paid MEMBER of a Pro space",
      persona: "benBaker",
      space: "acmeMarketing",
      other: "owner",
      seesShared: true,
      deletesShared: { unsubscriptions: false, bounces: true },
    },
    {
      who: "member@acme.test, MEMBER of a Pro space on the FREE user plan",
      persona: "member",
      space: "acmeMarketing",
      other: "owner",
      seesShared: false,
      deletesShared: { unsubscriptions: false, bounces: false },
    },
    {
      who: "sales.lead@acme.test, OWNER of a Free space",
      persona: "salesLead",
      space: "acmeSales",
      other: "owner",
      seesShared: false,
      deletesShared: { unsubscriptions: false, bounces: false },
    },
    {
      who: "owner@acme.test, MEMBER of a Free space",
      persona: "owner",
      space: "acmeSales",
      other: "salesLead",
      seesShared: false,
      deletesShared: { unsubscriptions: false, bounces: false },
    },
  ];

  /** Fresh entries for one case: the space's (added by `other`) and `other`'s own. */
  async function entriesFor(kind: Kind, testCase: Case) {
    const tag = `${testCase.persona}-${testCase.space}-${kind.list}`.toLowerCase();
    const spaces = `shared-${tag}@rule.test`;
    const othersOwn = `others-${tag}@rule.test`;
    const now = Date.now();
    const entry = (email: string, type: "WORKSPACE" | "USER") => ({
      workspace_id: SPACES[testCase.space].id,
      owner_user_id: PERSONAS[testCase.other].id,
      email,
      type,
      create_timestamp: now,
      last_update_timestamp: now,
    });
    await insertRecipients(backend.db, kind.table, [entry(spaces, "WORKSPACE"), entry(othersOwn, "USER")]);
    return { spaces, othersOwn };
  }

  async function stored(kind: Kind, workspaceId: string, email: string) {
    return backend.db
      .selectFrom(kind.table as "unsubscriptions")
      .select(["type", "owner_user_id"])
      .where("workspace_id", "=", workspaceId)
      .where("email", "=", email)
      .execute();
  }

  describe.each(CASES)("$who", (testCase) => {
    const workspaceId = SPACES[testCase.space].id;

    it.each(KINDS)("lists, adds and deletes $list by the rule", async (kind) => {
      const { spaces, othersOwn } = await entriesFor(kind, testCase);
      const client = await as(PERSONAS[testCase.persona].email);

      const listed = emails((await client.get(listPath(kind, workspaceId, { limit: 1000 }))).body);
      expect(listed.includes(spaces)).toBe(testCase.seesShared);
      expect(listed).not.toContain(othersOwn);

      const own = `own-${testCase.persona}-${testCase.space}-${kind.list}@rule.test`.toLowerCase();
      expect((await client.post(addPath(kind), { workspaceId, emailAddresses: [own] })).body).toEqual({ updated: 1 });
      expect(await stored(kind, workspaceId, own)).toEqual([
        {
          type: testCase.seesShared ? "WORKSPACE" : "USER",
          owner_user_id: PERSONAS[testCase.persona].id,
        },
      ]);

      const deleteShared = await client.delete(removePath(kind, workspaceId, spaces));
      if (testCase.deletesShared[kind.table]) {
        expect(deleteShared).toEqual({ status: 204, body: null });
        expect(await stored(kind, workspaceId, spaces)).toEqual([]);
      } else {
        expect(deleteShared).toEqual({
          status: 403,
          body: { error: "forbidden", reason: "shared_entry_not_deletable" },
        });
        expect(await stored(kind, workspaceId, spaces)).toHaveLength(1);
      }

      expect((await client.delete(removePath(kind, workspaceId, othersOwn))).status).toBe(404);
      expect(await stored(kind, workspaceId, othersOwn)).toHaveLength(1);
    });
  });

  it("deletes a paid member's own entry and leaves the space's one for the same address", async () => {
    const now = Date.now();
    const email = "both-kinds@rule.test";
    await insertRecipients(backend.db, "unsubscriptions", [
      {
        workspace_id: MARKETING,
        owner_user_id: PERSONAS.owner.id,
        email,
        type: "WORKSPACE",
        create_timestamp: now,
        last_update_timestamp: now,
      },
      {
        workspace_id: MARKETING,
        owner_user_id: PERSONAS.benBaker.id,
        email,
        type: "USER",
        create_timestamp: now,
        last_update_timestamp: now,
      },
    ]);
    const ben = await as(PERSONAS.benBaker.email);
    expect((await ben.delete(removePath(UNSUBSCRIPTIONS, MARKETING, email))).status).toBe(204);
    expect(await stored(UNSUBSCRIPTIONS, MARKETING, email)).toEqual([
      { type: "WORKSPACE", owner_user_id: PERSONAS.owner.id },
    ]);
    expect((await ben.delete(removePath(UNSUBSCRIPTIONS, MARKETING, email))).status).toBe(403);
  });

  it("follows a change of user plan at once, for the list and the delete", async () => {
    const { spaces } = await entriesFor(BOUNCES, { ...CASES[2]!, persona: "carlaDiaz" });
    const carla = await as(PERSONAS.carlaDiaz.email);
    expect(emails((await carla.get(listPath(BOUNCES, MARKETING, { limit: 1000 }))).body)).toContain(spaces);
    await backend.db
      .updateTable("workspace_members")
      .set({ user_plan: "FREE" })
      .where("workspace_id", "=", MARKETING)
      .where("user_id", "=", PERSONAS.carlaDiaz.id)
      .execute();
    expect(emails((await carla.get(listPath(BOUNCES, MARKETING, { limit: 1000 }))).body)).not.toContain(spaces);
    expect((await carla.delete(removePath(BOUNCES, MARKETING, spaces))).status).toBe(403);
  });
});
