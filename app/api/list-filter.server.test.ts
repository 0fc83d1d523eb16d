import { describe, expect, it, vi } from "vitest";
import { sentCampaignQuery, teamReportQuery } from "../../backend/src/domain/list-queries";
import { BackendError } from "./http.server";
import { buildFilterBy, isRefusedQuery, rowsOrNoneIfRefused } from "./list-filter.server";

const HOSTILE = [
  "news,search:zzz",
  "100%",
  "%ZZ",
  "%2C",
  "a:b",
  "x|LEGACY",
  "a,memberStatus:DISABLED",
  "back\\slash \"double\" 'single'",
  "été 🎉",
  " , : | % ",
];

describe("buildFilterBy", () => {
  it("joins key:value pairs with commas and enum values with |, skipping empty ones", () => {
    expect(buildFilterBy({ workspaceId: "51", "lastUpdateTimestamp.gte": 0, search: "" })).toBe(
      "workspaceId:51,lastUpdateTimestamp.gte:0",
    );
    expect(buildFilterBy({ role: ["OWNER", "ADMIN"], status: ["ACTIVE"] })).toBe("role:OWNER|ADMIN,status:ACTIVE");
    expect(buildFilterBy({ search: "", role: [], status: undefined, x: null })).toBeUndefined();
  });

  it("percent-encodes every value, so a search cannot add a filter or a value", () => {
    expect(buildFilterBy({ workspaceId: "51", search: "news,search:zzz" })).toBe(
      "workspaceId:51,search:news%2Csearch%3Azzz",
    );
    expect(buildFilterBy({ search: "100%" })).toBe("search:100%25");
    expect(buildFilterBy({ search: "x|LEGACY" })).toBe("search:x%7CLEGACY");
    expect(buildFilterBy({ search: `"'\\` })).toBe("search:%22'%5C");
  });

  it("sends a lone surrogate (a search cut through an emoji) as U+FFFD instead of throwing", () => {
    expect(buildFilterBy({ search: `a${"🎉".slice(0, 1)}` })).toBe("search:a%EF%BF%BD");
    expect(buildFilterBy({ search: `${"🎉".slice(1)}b` })).toBe("search:%EF%BF%BDb");
  });

  it.each(HOSTILE)("gives the backend's parser back exactly the search %j", (search) => {
    const sent = sentCampaignQuery.parseFilter(buildFilterBy({ workspaceId: "51", search }));
    expect(sent).toEqual({ workspaceId: "51", search: search.trim() || undefined });
    const report = teamReportQuery.parseFilter(buildFilterBy({ memberStatus: ["ACTIVE"], search }));
    expect(report.memberStatus).toEqual(["ACTIVE"]);
    expect(report.search).toBe(search.trim() || undefined);
  });
});

describe("rowsOrNoneIfRefused", () => {
  it("gives no rows for a refused query (400), and lets every other failure through", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const refused = new BackendError(400, "invalid_request", "filterBy: search given twice", "/users/me/campaigns");
    expect(isRefusedQuery(refused)).toBe(true);
    await expect(rowsOrNoneIfRefused(Promise.reject(refused))).resolves.toEqual([]);
    await expect(rowsOrNoneIfRefused(Promise.resolve([1, 2]))).resolves.toEqual([1, 2]);

    const failures = [
      new BackendError(403, "forbidden", undefined, "/x"),
      new BackendError(500, undefined, undefined, "/x"),
    ];
    for (const failure of failures) {
      expect(isRefusedQuery(failure)).toBe(false);
      await expect(rowsOrNoneIfRefused(Promise.reject(failure))).rejects.toBe(failure);
    }
    const redirect = new Response(null, { status: 302 });
    await expect(rowsOrNoneIfRefused(Promise.reject(redirect))).rejects.toBe(redirect);
    warn.mockRestore();
  });
});
