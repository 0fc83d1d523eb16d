import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERSONAS, SPACES } from "../../../backend/src/db/seed/personas";
import { insertMember } from "../../../backend/src/store/workspaces";
import { startBackend, type RunningBackend } from "../support/backend";
import { apiClient, signedInClient } from "./support/api";

let backend: RunningBackend;
beforeAll(async () => {
  backend = await startBackend();
});
afterAll(() => backend?.close());

const as = (email: string) => signedInClient(backend, email);
const ACME_MEMBERS = `/api/v1/workspaces/${SPACES.acmeMarketing.id}/members`;

/**
 * Acme Marketing's members by name, the default order: nina.new@acme.test, added and not joined, has no
 * name yet and sorts by her address, as her row shows it.
 */
const BY_NAME = [
  "Adam Admin",
  "Ben Baker",
  "Carla Diaz",
  "Dan Disabled",
  "Eli Fischer",
  "Grace Hall",
  "Gus Gmail",
  "Ivan Jones",
  "Mia Member",
  "",
  "Olivia Owner",
  "Sam Solo",
  "Tara Trial",
  "Uma Unlimited",
];
/** The pending invitees (seed/invitations.ts) and the trials. */
const NOT_JOINED = ["", "Sam Solo"];
const TRIALS = ["Tara Trial", "Uma Unlimited"];

type Item = { userName: string; userEmail: string };
const names = (body: { items: Item[] }) => body.items.map((item) => item.userName);
/** The list part of an answer, without the space's counts. */
const listOf = ({ items, total }: { items: unknown[]; total: number }) => ({ items, total });

async function acmeMembers(query: string, email: string = PERSONAS.admin.email) {
  return (await as(email)).get(`${ACME_MEMBERS}${query}`);
}

describe("GET /workspaces/{id}/members: items", () => {
  it("lists every member of the space by name, with the Member record of 002 §3 and the total", async () => {
    const { status, body } = await acmeMembers("");
    expect(status).toBe(200);
    expect(names(body)).toEqual(BY_NAME);
    expect(body.total).toBe(14);

    const stored = await backend.db
      .selectFrom("workspace_members")
      .selectAll()
      .where("workspace_id", "=", SPACES.acmeMarketing.id)
      .where("user_id", "=", PERSONAS.owner.id)
      .executeTakeFirstOrThrow();
    expect(body.items.find((item: Item) => item.userEmail === PERSONAS.owner.email)).toEqual({
      workspaceId: SPACES.acmeMarketing.id,
      userId: PERSONAS.owner.id,
      userEmail: "owner@acme.test",
      userName: "Olivia Owner",
      userRole: "OWNER",
      userPlan: "PRO",
      seatType: "ADDED_YAMM_USER",
      status: "ACTIVE",
      createTimestamp: String(stored.create_timestamp),
      lastUpdateTimestamp: String(stored.last_update_timestamp),
      lastBecomePaidTimestamp: String(stored.create_timestamp),
      isPersonal: false,
      freeTrialEndTimestamp: null,
      isScheduledToBeDowngraded: false,
      isUserInDomain: true,
      toBeRemoved: false,
    });
  });

  it("lists the invitees who have not joined as pending members holding the plan they will join on", async () => {
    const { body } = await acmeMembers("?filterBy=status:PENDING");
    expect(listOf(body)).toEqual({
      items: [
        expect.objectContaining({
          userId: `p${Buffer.from("nina.new@acme.test").toString("hex")}`,
          userEmail: "nina.new@acme.test",
          userName: "",
          userPlan: "PRO",
          status: "PENDING",
          seatType: "PENDING_YAMM_USER",
          isUserInDomain: true,
        }),
        expect.objectContaining({
          userId: PERSONAS.solo.id,
          userEmail: PERSONAS.solo.email,
          userName: "Sam Solo",
          userPlan: "FREE",
          status: "PENDING",
          seatType: "PENDING_YAMM_USER",
          isPersonal: true,
          isUserInDomain: false,
        }),
      ],
      total: 2,
    });
  });

  it("shows trials with their end (-1: none) and the member scheduled to be downgraded", async () => {
    const { body } = await acmeMembers("?filterBy=status:FREE_TRIAL|ACTIVE&limit=100");
    const byName = (name: string) => body.items.find((item: Item) => item.userName === name);
    expect(Number(byName("Tara Trial").freeTrialEndTimestamp)).toBeGreaterThan(Date.now());
    expect(byName("Uma Unlimited").freeTrialEndTimestamp).toBe("-1");
    expect(byName("Ivan Jones").isScheduledToBeDowngraded).toBe(true);
    expect(byName("Ben Baker").isScheduledToBeDowngraded).toBe(false);
  });

  it("gives free and disabled members an added seat and no paid date", async () => {
    const { body } = await acmeMembers("?filterBy=search:acme.test&limit=100");
    const member = body.items.find((item: Item) => item.userEmail === PERSONAS.member.email);
    const disabled = body.items.find((item: Item) => item.userEmail === PERSONAS.disabled.email);
    expect(member).toMatchObject({ userPlan: "FREE", status: "ACTIVE", seatType: "ADDED_YAMM_USER" });
    expect(member.lastBecomePaidTimestamp).toBeNull();
    expect(disabled).toMatchObject({ userPlan: "FREE", status: "DISABLED", seatType: "ADDED_YAMM_USER" });
  });

  it("marks a Gmail member as personal", async () => {
    const { body } = await (await as(PERSONAS.solo.email)).get(`/api/v1/workspaces/${SPACES.samsSpace.id}/members`);
    expect(listOf(body)).toEqual({
      items: [expect.objectContaining({ userEmail: "solo@gmail.com", userRole: "OWNER", isPersonal: true })],
      total: 1,
    });
  });

  it("answers any active member, whatever the role", async () => {
    const { status, body } = await acmeMembers("?filterBy=role:OWNER", PERSONAS.member.email);
    expect(status).toBe(200);
    expect(names(body)).toEqual(["Olivia Owner"]);
  });
});

describe("GET /workspaces/{id}/members: counts", () => {
  it("counts the whole space's members by kind, whatever the filter (002 §3 Member counts)", async () => {
    // Paid: 7 PRO members, the Gmail seat and nina's pending seat; free: Mia and solo's pending invitation.
    const counts = { total: 14, paid: 9, gmailPaid: 1, trial: 2, free: 2, disabled: 1 };
    expect((await acmeMembers("")).body.counts).toEqual(counts);
    expect((await acmeMembers("?filterBy=role:OWNER&limit=1")).body.counts).toEqual(counts);
  });

  it("counts trials apart, and paid Gmail members among the paid", async () => {
    await backend.db
      .updateTable("workspace_members")
      .set({ free_trial_end_timestamp: -1 })
      .where("workspace_id", "=", SPACES.acmeMarketing.id)
      .where("user_id", "=", PERSONAS.member.id)
      .execute();
    await backend.db.updateTable("users").set({ is_personal: 1 }).where("id", "=", PERSONAS.benBaker.id).execute();
    try {
      expect((await acmeMembers("")).body.counts).toEqual({
        total: 14,
        paid: 9,
        gmailPaid: 2,
        trial: 3,
        free: 1,
        disabled: 1,
      });
    } finally {
      await backend.db
        .updateTable("workspace_members")
        .set({ free_trial_end_timestamp: null })
        .where("workspace_id", "=", SPACES.acmeMarketing.id)
        .where("user_id", "=", PERSONAS.member.id)
        .execute();
      await backend.db.updateTable("users").set({ is_personal: 0 }).where("id", "=", PERSONAS.benBaker.id).execute();
    }
  });
});

describe("GET /workspaces/{id}/members: filterBy", () => {
  it("filters by one or several roles, separated by |", async () => {
    expect(names((await acmeMembers("?filterBy=role:OWNER|ADMIN")).body)).toEqual(["Adam Admin", "Olivia Owner"]);
    // A comma always ends a pair (values are percent-encoded), so it cannot separate values.
    expect((await acmeMembers(`?filterBy=${encodeURIComponent("role:OWNER,ADMIN")}`)).status).toBe(400);
    const members = await acmeMembers("?filterBy=role:MEMBER");
    expect(members.body.total).toBe(12);
    expect(names(members.body)).not.toContain("Olivia Owner");
  });

  it("filters by status; ACCEPTED means the members who joined (ACTIVE)", async () => {
    expect(names((await acmeMembers("?filterBy=status:DISABLED")).body)).toEqual(["Dan Disabled"]);
    const active = await acmeMembers("?filterBy=status:ACTIVE");
    expect(active.body.total).toBe(9);
    expect(names(active.body)).toEqual(
      BY_NAME.filter((name) => name !== "Dan Disabled" && !NOT_JOINED.includes(name) && !TRIALS.includes(name)),
    );
    expect((await acmeMembers("?filterBy=status:ACCEPTED")).body).toEqual(active.body);
    expect(names((await acmeMembers("?filterBy=status:FREE_TRIAL")).body)).toEqual(TRIALS);
    expect((await acmeMembers("?filterBy=status:DISABLED|FREE_TRIAL")).body.total).toBe(3);
  });

  it("lists a pending member (invited, not joined) under PENDING with a pending seat", async () => {
    await insertMember(backend.db, {
      workspaceId: SPACES.acmeMarketing.id,
      userId: PERSONAS.premium.id,
      role: "MEMBER",
      userPlan: "FREE",
      status: "PENDING",
      createdAt: Date.now(),
    });
    try {
      const { body } = await acmeMembers("?filterBy=status:PENDING");
      expect(body.items).toContainEqual(
        expect.objectContaining({
          userEmail: PERSONAS.premium.email,
          status: "PENDING",
          seatType: "PENDING_YAMM_USER",
        }),
      );
      expect(body.total).toBe(3);
      expect((await acmeMembers("?filterBy=status:ACTIVE")).body.total).toBe(9);
    } finally {
      await backend.db
        .deleteFrom("workspace_members")
        .where("workspace_id", "=", SPACES.acmeMarketing.id)
        .where("user_id", "=", PERSONAS.premium.id)
        .execute();
    }
  });

  it("searches names and e-mails for a case-insensitive substring", async () => {
    expect(names((await acmeMembers("?filterBy=search:GRACE")).body)).toEqual(["Grace Hall"]);
    expect(names((await acmeMembers("?filterBy=search:eli.f")).body)).toEqual(["Eli Fischer"]);
    // "er" inside Baker, Fischer, Member and Owner (and their addresses).
    const er = await acmeMembers("?filterBy=search:er");
    expect(names(er.body)).toEqual(["Ben Baker", "Eli Fischer", "Mia Member", "Olivia Owner"]);
    expect(er.body.total).toBe(4);
    // LIKE wildcards are literal.
    expect(listOf((await acmeMembers(`?filterBy=${encodeURIComponent("search:%25")}`)).body)).toEqual({
      items: [],
      total: 0,
    });
    expect((await acmeMembers("?filterBy=search:_")).body.total).toBe(0);
    // An empty search is no filter.
    expect((await acmeMembers("?filterBy=search:")).body.total).toBe(14);
  });

  it("combines filters", async () => {
    expect(names((await acmeMembers("?filterBy=role:MEMBER,search:an")).body)).toEqual(["Dan Disabled", "Ivan Jones"]);
    const combined = await acmeMembers("?filterBy=role:MEMBER,status:ACTIVE,search:an");
    expect(listOf(combined.body)).toEqual({ items: [expect.objectContaining({ userName: "Ivan Jones" })], total: 1 });
  });
});

describe("GET /workspaces/{id}/members: sortBy and paging", () => {
  it("sorts by name in both directions", async () => {
    expect(names((await acmeMembers("?sortBy=userName")).body)).toEqual(BY_NAME);
    expect(names((await acmeMembers("?sortBy=userName:desc")).body)).toEqual([...BY_NAME].reverse());
  });

  it("sorts by e-mail", async () => {
    const { body } = await acmeMembers("?sortBy=userEmail:desc");
    const emails = body.items.map((item: Item) => item.userEmail);
    expect(emails).toEqual([...emails].sort().reverse());
    expect(emails[0]).toBe("uma.unlimited@acme.test");
  });

  it("sorts by join date, oldest first", async () => {
    const { body } = await acmeMembers("?sortBy=createTimestamp:asc");
    expect(names(body)).toEqual([
      "Olivia Owner",
      "Adam Admin",
      "Ben Baker",
      "Dan Disabled",
      "Carla Diaz",
      "Eli Fischer",
      "Ivan Jones",
      "Grace Hall",
      "Mia Member",
      "Gus Gmail",
      "Uma Unlimited",
      "Tara Trial",
      "",
      "Sam Solo",
    ]);
    const times = body.items.map((item: { createTimestamp: string }) => Number(item.createTimestamp));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it("sorts by role rank (MEMBER < ADMIN < OWNER), then by e-mail", async () => {
    const descending = names((await acmeMembers("?sortBy=userRole:desc")).body);
    expect(descending.slice(0, 2)).toEqual(["Olivia Owner", "Adam Admin"]);
    const ascending = names((await acmeMembers("?sortBy=userRole:asc")).body);
    expect(ascending.slice(-2)).toEqual(["Adam Admin", "Olivia Owner"]);
    expect(ascending.slice(0, 2)).toEqual(["Ben Baker", "Carla Diaz"]);
  });

  it("pages with limit and limitOffset; total counts every match", async () => {
    const pages = [];
    for (const offset of [0, 4, 8, 12]) {
      const { status, body } = await acmeMembers(`?sortBy=userName&limit=4&limitOffset=${offset}`);
      expect(status).toBe(200);
      expect(body.total).toBe(14);
      pages.push(...names(body));
    }
    expect(pages).toEqual(BY_NAME);
    expect((await acmeMembers("?limit=4&limitOffset=12")).body.items).toHaveLength(2);
    expect(listOf((await acmeMembers("?limitOffset=50")).body)).toEqual({ items: [], total: 14 });
    expect(listOf((await acmeMembers("?filterBy=role:MEMBER&limit=1")).body)).toEqual({
      items: [expect.objectContaining({ userEmail: "ben.baker@acme.test" })],
      total: 12,
    });
  });

  it("allows limits from 1 to 100", async () => {
    expect((await acmeMembers("?limit=1")).body.items).toHaveLength(1);
    expect((await acmeMembers("?limit=100")).body.items).toHaveLength(14);
  });
});

describe("GET /workspaces/{id}/members: refusals", () => {
  it.each([
    ["limit=0", /^limit: /],
    ["limit=101", /^limit: /],
    ["limit=ten", /^limit: must be a whole number$/],
    ["limit=2.5", /^limit: /],
    ["limitOffset=-1", /^limitOffset: /],
    ["sortBy=lastName", /^sortBy: /],
    ["sortBy=userName:sideways", /^sortBy: /],
    ["filterBy=role:BOSS", /^filterBy: unknown role "BOSS"/],
    ["filterBy=status:active", /^filterBy: unknown status/],
    ["filterBy=plan:PRO", /^filterBy: /],
    ["filterBy=role:OWNER,role:ADMIN", /^filterBy: role given twice$/],
  ])("answers 400 to %s", async (query, reason) => {
    const { status, body } = await acmeMembers(`?${query}`);
    expect(status).toBe(400);
    expect(body.error).toBe("invalid_request");
    expect(body.reason).toMatch(reason);
  });

  it("answers 401 without a token", async () => {
    expect(await apiClient(backend).get(ACME_MEMBERS)).toEqual({ status: 401, body: { error: "unauthorized" } });
  });

  it("answers 403 to a non-member, a disabled member and a session with no user; 404 for an unknown space", async () => {
    expect(await (await as(PERSONAS.premium.email)).get(ACME_MEMBERS)).toEqual({
      status: 403,
      body: { error: "forbidden" },
    });
    expect((await (await as(PERSONAS.disabled.email)).get(ACME_MEMBERS)).status).toBe(403);
    expect((await (await as("newcomer@startup.test")).get(ACME_MEMBERS)).status).toBe(403);
    expect(await (await as(PERSONAS.owner.email)).get("/api/v1/workspaces/5199999999999999/members")).toEqual({
      status: 404,
      body: { error: "workspace_not_found" },
    });
  });
});
