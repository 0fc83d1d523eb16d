import { describe, expect, it, vi } from "vitest";
import type { AuthContext } from "./caller.server";
import type { BackendRequest } from "./http.server";
import { BackendError } from "./http.server";
import {
  getPollAnswers,
  getSentCampaign,
  listSentCampaigns,
  sentCampaignDetailSchema,
  sentCampaignSchema,
  sentFilterBy,
} from "./campaigns.server";

/** An AuthContext whose backend answers from a table of paths, parsing with the request's own schema. */
function fakeAuth(answers: Record<string, unknown | Error>) {
  const requests: BackendRequest<unknown>[] = [];
  const auth = {
    session: { backendIdToken: "id-token-1" },
    call: vi.fn(async (request: BackendRequest<unknown>) => {
      requests.push(request);
      const answer = answers[request.path.path];
      if (answer instanceof Error) throw answer;
      if (answer === undefined) throw new BackendError(404, "not_found", undefined, request.path.path);
      return request.schema ? request.schema.parse(answer) : undefined;
    }),
  } as unknown as AuthContext;
  return { auth, requests };
}

const item = {
  campaignId: 42,
  mergeSourceSheetKey: "1abc-def-7",
  mergeSourceSpreadSheetName: "Newsletter",
  mergeSourceSheetName: "November",
  createTimestamp: "1700000000000",
  lastUpdateTimestamp: "1700000500000",
  lastEmailSentTimestamp: "1700000400000",
  eventCounts: { sentCount: 10, openedCount: 5, clickedCount: 2, bouncedCount: 1 },
};

describe("sent campaign schemas", () => {
  it("turns string timestamps into numbers and ids into strings", () => {
    const parsed = sentCampaignSchema.parse(item);
    expect(parsed.campaignId).toBe("42");
    expect(parsed.lastUpdateTimestamp).toBe(1_700_000_500_000);
    expect(parsed.lastEmailSentTimestamp).toBe(1_700_000_400_000);
  });
  it("falls back: last update to creation, last e-mail to last update (002 §3)", () => {
    const parsed = sentCampaignSchema.parse({ ...item, lastUpdateTimestamp: null, lastEmailSentTimestamp: undefined });
    expect(parsed.lastUpdateTimestamp).toBe(1_700_000_000_000);
    expect(parsed.lastEmailSentTimestamp).toBe(1_700_000_000_000);
  });
  it("reads the detail's subject, poll flag and extra counts", () => {
    const parsed = sentCampaignDetailSchema.parse({
      ...item,
      sentMessageSubject: null,
      hasPoll: true,
      eventCounts: { ...item.eventCounts, respondedCount: 3, unsubscribedCount: "1" },
    });
    expect(parsed.sentMessageSubject).toBeNull();
    expect(parsed.hasPoll).toBe(true);
    expect(parsed.eventCounts).toMatchObject({ respondedCount: 3, unsubscribedCount: 1 });
    expect(sentCampaignDetailSchema.parse({ ...item, sentMessageSubject: "  " }).sentMessageSubject).toBeNull();
  });
});

describe("sentFilterBy", () => {
  it("scopes to the space and the range, with the search encoded", () => {
    expect(sentFilterBy({ workspaceId: "51", gte: 1, lte: 2, search: "" })).toBe(
      "workspaceId:51,lastUpdateTimestamp.gte:1,lastUpdateTimestamp.lte:2",
    );
    expect(sentFilterBy({ workspaceId: "51", gte: 1, lte: 2, search: "news,search:zzz" })).toBe(
      "workspaceId:51,lastUpdateTimestamp.gte:1,lastUpdateTimestamp.lte:2,search:news%2Csearch%3Azzz",
    );
  });
});

describe("the campaign calls", () => {
  it("ask for the session's X-ID-Token, and send the sort and window", async () => {
    const { auth, requests } = fakeAuth({ "/users/me/campaigns": { items: [item] } });
    const rows = await listSentCampaigns(auth, {
      workspaceId: "51",
      gte: 1,
      lte: 2,
      search: "",
      sort: "name",
      dir: "asc",
      limit: 26,
      limitOffset: 25,
    });
    expect(rows).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      base: "v2",
      withIdToken: true,
      query: { sortBy: "mergeSourceSheetTitle:asc", limit: 26, limitOffset: 25 },
    });
  });

  it("answer null for an unknown campaign, and never call with a strange id", async () => {
    const { auth, requests } = fakeAuth({});
    expect(await getSentCampaign(auth, "5100", "999")).toBeNull();
    expect(await getSentCampaign(auth, "5100", "../users/me")).toBeNull();
    expect(requests.map((request) => request.path.path)).toEqual(["/users/me/campaigns/999"]);
    expect(requests[0]?.query).toEqual({ workspaceId: "5100" });
  });

  it("let other failures through", async () => {
    const { auth } = fakeAuth({ "/users/me/campaigns/7": new BackendError(500, "boom", undefined, "/x") });
    await expect(getSentCampaign(auth, "5100", "7")).rejects.toBeInstanceOf(BackendError);
  });

  it("fall back to the poll responses when the results fail", async () => {
    const { auth, requests } = fakeAuth({
      "/users/me/campaigns/7/pollResults": new BackendError(500, "boom", undefined, "/x"),
      "/users/me/campaigns/7/pollResponses": {
        items: [{ value: "Yes" }, { value: "No" }, { value: "Yes" }, { value: "Yes" }],
      },
    });
    expect(await getPollAnswers(auth, "5100", "7")).toEqual([
      { answer: "Yes", count: 3, percent: 75 },
      { answer: "No", count: 1, percent: 25 },
    ]);
    expect(requests.every((request) => request.withIdToken === true)).toBe(true);
    expect(requests.map((request) => request.query)).toEqual([{ workspaceId: "5100" }, { workspaceId: "5100" }]);
  });
});
