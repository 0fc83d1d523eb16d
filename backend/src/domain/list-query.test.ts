import { describe, expect, it } from "vitest";
import { defineListQuery, ListQueryError } from "./list-query";

const query = defineListQuery({
  filters: {
    workspaceId: { kind: "id" },
    "lastUpdateTimestamp.gte": { kind: "timestamp" },
    status: { kind: "enum", values: ["ACTIVE", "LEGACY"] },
    search: { kind: "search", maxLength: 20 },
  },
  required: ["workspaceId"],
  sorts: { lastUpdateTimestamp: "desc", title: "asc" },
  defaultSort: "lastUpdateTimestamp",
});

describe("defineListQuery: filterBy", () => {
  it("reads ids, timestamps, enums and a search; a key with a dot is a key", () => {
    expect(
      query.parseFilter("workspaceId:51,lastUpdateTimestamp.gte:1732185600000,status:ACTIVE|LEGACY,search: Q3 "),
    ).toEqual({
      workspaceId: "51",
      "lastUpdateTimestamp.gte": 1732185600000,
      status: ["ACTIVE", "LEGACY"],
      search: "Q3",
    });
  });

  it("percent-decodes values, so reserved characters are search text", () => {
    expect(query.parseFilter("search:a%2C%20b%3Ac,workspaceId:5")).toEqual({ search: "a, b:c", workspaceId: "5" });
    expect(query.parseFilter("workspaceId:5,search:news%2Csearch%3Azzz")).toEqual({
      workspaceId: "5",
      search: "news,search:zzz",
    });
    expect(query.parseFilter("workspaceId:5,search:100%25")).toEqual({ workspaceId: "5", search: "100%" });
    expect(query.parseFilter("workspaceId:5,search:x%7CLEGACY")).toEqual({ workspaceId: "5", search: "x|LEGACY" });
    expect(query.parseFilter("workspaceId:5,search:%22%27%5C")).toEqual({ workspaceId: "5", search: `"'\\` });
    expect(query.parseFilter("workspaceId:5,search:%C3%A9t%C3%A9")).toEqual({ workspaceId: "5", search: "été" });
    expect(query.parseFilter("workspaceId:5,search:")).toEqual({ workspaceId: "5" });
    expect(query.parseFilter("workspaceId:5,search:%20%20")).toEqual({ workspaceId: "5" });
  });

  it("accepts characters without a meaning in filterBy raw", () => {
    expect(query.parseFilter(`workspaceId:5,search:a b"'\\`)).toEqual({ workspaceId: "5", search: `a b"'\\` });
    expect(query.parseFilter("workspaceId:5,search:été")).toEqual({ workspaceId: "5", search: "été" });
  });

  it("counts a search's length after decoding", () => {
    expect(query.parseFilter(`workspaceId:5,search:${"%25".repeat(20)}`)).toEqual({
      workspaceId: "5",
      search: "%".repeat(20),
    });
  });

  it.each([
    ["a missing required key", undefined, "filterBy: workspaceId is required"],
    ["a blank filter", " ", "filterBy: workspaceId is required"],
    ["an unknown key", "workspaceId:5,plan:PRO", /^filterBy: expected key:value pairs with keys workspaceId, /],
    ["an unknown key first", "plan:PRO,workspaceId:5", /^filterBy: expected key:value pairs/],
    ["an id with other characters", "workspaceId:5 1", "filterBy: workspaceId is not a valid id"],
    ["an empty id", "workspaceId:", "filterBy: workspaceId needs a value"],
    ["a timestamp that is not a whole number", "workspaceId:5,lastUpdateTimestamp.gte:1.5", /must be a whole number/],
    ["a negative timestamp", "workspaceId:5,lastUpdateTimestamp.gte:-1", /must be a whole number/],
    [
      "an unknown enum value",
      "workspaceId:5,status:PENDING",
      'filterBy: unknown status "PENDING" (expected ACTIVE, LEGACY)',
    ],
    ["an enum without a value", "workspaceId:5,status:", "filterBy: status needs at least one value"],
    ["a key twice", "workspaceId:5,workspaceId:6", "filterBy: workspaceId given twice"],
    ["a long search", `workspaceId:5,search:${"x".repeat(21)}`, "filterBy: search is longer than 20 characters"],
    ["a raw comma in a search", "workspaceId:5,search:a,b", /^filterBy: expected key:value pairs/],
    ["a raw comma and key in a search", "workspaceId:5,search:news,search:zzz", "filterBy: search given twice"],
    ["a raw colon in a search", "workspaceId:5,search:a:b", /^filterBy: search has an unencoded/],
    ["a raw | in a search", "workspaceId:5,search:a|b", /^filterBy: search has an unencoded/],
    ["a raw % in a search", "workspaceId:5,search:100%", /^filterBy: search has an unencoded/],
    ["a % without two hex digits", "workspaceId:5,search:%2", /^filterBy: search has an unencoded/],
    ["a malformed escape", "workspaceId:5,search:%ZZ", /^filterBy: search has an unencoded/],
    ["an escape that is not UTF-8", "workspaceId:5,search:%FF", "filterBy: search has a malformed percent-escape"],
    ["a cut UTF-8 sequence", "workspaceId:5,search:%E2%82", "filterBy: search has a malformed percent-escape"],
    ["an encoded comma in an id", "workspaceId:5%2C6", "filterBy: workspaceId is not a valid id"],
    ["an encoded | in an enum", "workspaceId:5,status:ACTIVE%7CLEGACY", /^filterBy: unknown status "ACTIVE\|LEGACY"/],
    ["commas between enum values", "workspaceId:5,status:ACTIVE,LEGACY", /^filterBy: expected key:value pairs/],
    ["an empty enum value", "workspaceId:5,status:ACTIVE|", 'filterBy: unknown status ""'],
    ["an empty pair", "workspaceId:5,,search:a", /^filterBy: expected key:value pairs/],
    ["a trailing comma", "workspaceId:5,", /^filterBy: expected key:value pairs/],
  ])("refuses %s", (_label, filterBy, message) => {
    expect(() => query.parseFilter(filterBy)).toThrow(ListQueryError);
    expect(() => query.parseFilter(filterBy)).toThrow(message);
  });
});

describe("defineListQuery: sortBy", () => {
  it("defaults to the default field in its own direction", () => {
    expect(query.parseSort(undefined)).toEqual({ field: "lastUpdateTimestamp", direction: "desc" });
    expect(query.defaultSort).toEqual({ field: "lastUpdateTimestamp", direction: "desc" });
  });

  it("gives a field without a direction its own default direction", () => {
    expect(query.parseSort("title")).toEqual({ field: "title", direction: "asc" });
    expect(query.parseSort("lastUpdateTimestamp")).toEqual({ field: "lastUpdateTimestamp", direction: "desc" });
    expect(query.parseSort("lastUpdateTimestamp:asc")).toEqual({ field: "lastUpdateTimestamp", direction: "asc" });
  });

  it.each(["name", "title:", "title:up", "title:asc:desc"])("refuses %s", (sortBy) => {
    expect(() => query.parseSort(sortBy)).toThrow(ListQueryError);
  });
});
