import { describe, expect, it } from "vitest";
import { defineListQuery, ListQueryError } from "./list-query";

const query = defineListQuery({
  filters: {
    workspaceId: { kind: "id" },
    "lastUpdateTimestamp.gte": { kind: "timestamp" },
    status: { kind: "enum", values: ["ACTIVE", "LEGACY"] },
    search: { kind: "search", maxLength: 10 },
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

  it("keeps commas and colons inside a search, and drops an empty one", () => {
    expect(query.parseFilter("search:a, b:c,workspaceId:5")).toEqual({ search: "a, b:c", workspaceId: "5" });
    expect(query.parseFilter("workspaceId:5,search:")).toEqual({ workspaceId: "5" });
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
    ["a long search", `workspaceId:5,search:${"x".repeat(11)}`, "filterBy: search is longer than 10 characters"],
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
