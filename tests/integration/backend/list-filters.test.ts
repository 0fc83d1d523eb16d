import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOSTILE_MARKER, markRecipient } from "../support/hostile-markers";
import { PERSONAS, SPACES } from "../../../backend/src/db/seed/personas";
import { startBackend, type RunningBackend } from "../support/backend";
import { signedInWithIdToken } from "./support/api";
import { MAX_SEARCH_LENGTH } from "~/domain/list-query";

/**
 * The list query language on every list endpoint (backend/README.md
 * "Encoding of filterBy"): a malformed filterBy or sortBy is a 400, and a
 * percent-encoded value is search text, whatever characters it holds. Every
 * list takes the longest search the app keeps (MAX_SEARCH_LENGTH), one rule
 * for all (issue 26: a long member search was a 400, then a 500 in the app).
 */

let backend: RunningBackend;
beforeAll(async () => {
  backend = await startBackend();
  // One row of each list holds every character that means something in filterBy, so
  // each hostile search has a row to find, and a parser that drops characters finds none.
  await backend.db
    .updateTable("sent_campaigns")
    .set({ spreadsheet_name: `Sent ${MARKER}` })
    .where("id", "=", (await ownRow("sent_campaigns")).id)
    .execute();
  await backend.db
    .updateTable("scheduled_campaigns")
    .set({ sheet_name: `Scheduled ${MARKER}` })
    .where("id", "=", (await ownRow("scheduled_campaigns")).id)
    .execute();
  for (const table of ["unsubscriptions", "bounces"] as const) {
    await markRecipient(backend, table, MARKETING, PERSONAS.owner.id);
  }
  await backend.db.updateTable("users").set({ name: `Ben ${MARKER}` }).where("id", "=", PERSONAS.benBaker.id).execute();
});
afterAll(() => backend?.close());

const MARKETING = SPACES.acmeMarketing.id;
/** Short enough to be found by any list's search. */
const MARKER = HOSTILE_MARKER;

async function ownRow(table: "sent_campaigns" | "scheduled_campaigns") {
  return backend.db
    .selectFrom(table)
    .select("id")
    .where("user_id", "=", PERSONAS.owner.id)
    .where("workspace_id", "=", MARKETING)
    .orderBy("id")
    .executeTakeFirstOrThrow();
}

interface ListEndpoint {
  name: string;
  path: string;
  /** Pairs every call needs, already encoded. */
  required: string[];
  /** A valid sort field. */
  sortField: string;
  /** The texts of an item that a search looks in. */
  searchable(item: Record<string, string>): string[];
}

const ENDPOINTS: ListEndpoint[] = [
  {
    name: "sent merges",
    path: "/api/v2/users/me/campaigns",
    required: [`workspaceId:${MARKETING}`],
    sortField: "mergeSourceSheetTitle",
    searchable: (item) => [item.mergeSourceSpreadSheetName!, item.mergeSourceSheetName!],
  },
  {
    name: "scheduled merges",
    path: "/api/v2/users/me/scheduled-campaigns",
    required: [`workspaceId:${MARKETING}`],
    sortField: "nextScheduledRun",
    searchable: (item) => [item.mergeSourceSpreadSheetName!, item.mergeSourceSheetName!],
  },
  {
    name: "unsubscriptions",
    path: `/api/v2/users/me/workspaces/${MARKETING}/unsubscriptions`,
    required: [],
    sortField: "createTimestamp",
    searchable: (item) => [item.emailAddress!],
  },
  {
    name: "bounces",
    path: `/api/v2/users/me/workspaces/${MARKETING}/bounces`,
    required: [],
    sortField: "emailAddress",
    searchable: (item) => [item.emailAddress!],
  },
  {
    name: "team report",
    path: `/api/v1/workspaces/${MARKETING}/team-report/members`,
    required: [],
    sortField: "userName",
    searchable: (item) => [item.userName!, item.userEmail!],
  },
  {
    name: "members",
    path: `/api/v1/workspaces/${MARKETING}/members`,
    required: [],
    sortField: "userEmail",
    searchable: (item) => [item.userName!, item.userEmail!],
  },
];

async function list(endpoint: ListEndpoint, params: { filterBy?: string; sortBy?: string }) {
  // The owner sees every list, and the sent list needs the ID token.
  const client = await signedInWithIdToken(backend, PERSONAS.owner.email);
  const query = new URLSearchParams({ limit: "100" });
  if (params.filterBy !== undefined) query.set("filterBy", params.filterBy);
  if (params.sortBy !== undefined) query.set("sortBy", params.sortBy);
  return client.get(`${endpoint.path}?${query}`);
}

const filterWith = (endpoint: ListEndpoint, ...pairs: string[]) => [...endpoint.required, ...pairs].join(",");

/** Search texts as the app sends them (encodeURIComponent), found literally. */
const HOSTILE_SEARCHES = [",", ":", "%", "\\", '"', "'", "|", "news,search:zzz", "100%", "%2C", "\\ | : 'x'", "q3, \"news\""];

/** filterBy values that do not follow the encoding, each with the 400's reason. */
const MALFORMED_SEARCHES: [string, RegExp][] = [
  ["search:news,search:zzz", /^filterBy: (search given twice|expected key:value pairs)/],
  ["search:a,b", /^filterBy: expected key:value pairs/],
  ["search:100%", /^filterBy: search has an unencoded/],
  ["search:%ZZ", /^filterBy: search has an unencoded/],
  ["search:%2", /^filterBy: search has an unencoded/],
  ["search:%FF", /^filterBy: search has a malformed percent-escape$/],
  ["search:%E2%82", /^filterBy: search has a malformed percent-escape$/],
  ["search:a:b", /^filterBy: search has an unencoded/],
  ["search:a|b", /^filterBy: search has an unencoded/],
  ["search:x,", /^filterBy: expected key:value pairs/],
  [",search:x", /^filterBy: expected key:value pairs/],
  ["nope:1", /^filterBy: expected key:value pairs/],
  ["search", /^filterBy: expected key:value pairs/],
];

describe.each(ENDPOINTS)("$name: filterBy and sortBy", (endpoint) => {
  it("lists with a well-formed query (the baseline of the refusals below)", async () => {
    const { status, body } = await list(endpoint, {
      filterBy: filterWith(endpoint, "search:e"),
      sortBy: `${endpoint.sortField}:desc`,
    });
    expect(status).toBe(200);
    expect(body.items.length).toBeGreaterThan(0);
  });

  it.each(MALFORMED_SEARCHES)("answers 400 to filterBy %j", async (pair, reason) => {
    const { status, body } = await list(endpoint, { filterBy: filterWith(endpoint, pair) });
    expect(status).toBe(400);
    expect(body).toEqual({ error: "invalid_request", reason: expect.stringMatching(reason) });
  });

  it.each(["nope", "nope:asc", `SORT:asc`, "FIELD:sideways", "FIELD:asc:desc", ":asc", "FIELD:"])(
    "answers 400 to sortBy %j",
    async (sortBy) => {
      const { status, body } = await list(endpoint, {
        filterBy: filterWith(endpoint),
        sortBy: sortBy.replace("FIELD", endpoint.sortField).replace("SORT", endpoint.sortField.toUpperCase()),
      });
      expect(status).toBe(400);
      expect(body).toEqual({ error: "invalid_request", reason: expect.stringMatching(/^sortBy: /) });
    },
  );

  it.each(HOSTILE_SEARCHES)("treats the encoded search %j as text", async (search) => {
    const { status, body } = await list(endpoint, {
      filterBy: filterWith(endpoint, `search:${encodeURIComponent(search)}`),
    });
    expect(status).toBe(200);
    const texts = body.items.map((item: Record<string, string>) => endpoint.searchable(item).join("\n").toLowerCase());
    expect(texts.some((text: string) => text.includes(MARKER.toLowerCase()))).toBe(true);
    for (const text of texts) expect(text).toContain(search.toLowerCase());
  });

  it("finds the whole hostile text, and takes a search of the longest length allowed", async () => {
    const exact = await list(endpoint, { filterBy: filterWith(endpoint, `search:${encodeURIComponent(MARKER)}`) });
    expect(exact.status).toBe(200);
    expect(exact.body.items).toHaveLength(1);
    const longest = MARKER.repeat(5).slice(0, MAX_SEARCH_LENGTH);
    const atLimit = await list(endpoint, { filterBy: filterWith(endpoint, `search:${encodeURIComponent(longest)}`) });
    expect(atLimit).toEqual({ status: 200, body: expect.objectContaining({ items: [] }) });
  });

  it("refuses 10 KB of search text, encoded, with a 400 rather than a partial filter", async () => {
    const tenKb = `${"news,search:zzz 100% \\ \" ' | ".repeat(40)}${"a".repeat(10_240)}`.slice(0, 10_240);
    const { status, body } = await list(endpoint, { filterBy: filterWith(endpoint, `search:${encodeURIComponent(tenKb)}`) });
    expect(status).toBe(400);
    expect(body).toEqual({
      error: "invalid_request",
      reason: `filterBy: search is longer than ${MAX_SEARCH_LENGTH} characters`,
    });
  });

  it("cannot have a filter added by an encoded search", async () => {
    // Encoded, "memberStatus:LEGACY" or "workspaceId:…" is only text: nothing matches it.
    for (const search of [",memberStatus:LEGACY", `,workspaceId:${SPACES.bigco.id}`, "|LEGACY", ",role:OWNER"]) {
      const { status, body } = await list(endpoint, { filterBy: filterWith(endpoint, `search:${encodeURIComponent(search)}`) });
      expect(status).toBe(200);
      expect(body.items).toEqual([]);
    }
  });
});
