import { describe, expect, it } from "vitest";
import { DEFAULT_MEMBER_SORT, MemberQueryError, parseMemberFilter, parseMemberSort } from "./member-query";

describe("parseMemberFilter", () => {
  it("reads no filter from a missing or blank parameter", () => {
    expect(parseMemberFilter(undefined)).toEqual({});
    expect(parseMemberFilter("  ")).toEqual({});
  });

  it("reads roles and statuses separated by |, and a search", () => {
    expect(parseMemberFilter("role:OWNER|ADMIN,status:DISABLED|FREE_TRIAL,search: Ann ")).toEqual({
      roles: ["OWNER", "ADMIN"],
      statuses: ["DISABLED", "FREE_TRIAL"],
      search: "Ann",
    });
  });

  it("reads an encoded comma as part of a search; a comma between values ends the pair", () => {
    expect(parseMemberFilter("search:Baker%2C%20Ben,role:MEMBER")).toEqual({ search: "Baker, Ben", roles: ["MEMBER"] });
    expect(() => parseMemberFilter("role:OWNER,ADMIN")).toThrow(/key:value/);
  });

  it("maps ACCEPTED to ACTIVE and drops duplicates", () => {
    expect(parseMemberFilter("status:ACCEPTED|ACTIVE|PENDING")).toEqual({ statuses: ["ACTIVE", "PENDING"] });
  });

  it("treats an empty search as no filter", () => {
    expect(parseMemberFilter("search:")).toEqual({});
  });

  it.each([
    ["an unknown key", "plan:PRO", /keys role, status, search/],
    ["a pair without a colon", "OWNER", /key:value/],
    ["an unknown role", "role:BOSS", /unknown role "BOSS"/],
    ["a lower-case status", "status:active", /unknown status "active"/],
    ["a role with no value", "role:", /role needs at least one value/],
    ["a key given twice", "role:OWNER,role:ADMIN", /role given twice/],
    ["a search over 200 characters", `search:${"a".repeat(201)}`, /longer than 200/],
  ])("refuses %s", (_label, filterBy, message) => {
    expect(() => parseMemberFilter(filterBy)).toThrow(MemberQueryError);
    expect(() => parseMemberFilter(filterBy)).toThrow(message);
  });
});

describe("parseMemberSort", () => {
  it("defaults to the name, ascending", () => {
    expect(parseMemberSort(undefined)).toEqual(DEFAULT_MEMBER_SORT);
    expect(DEFAULT_MEMBER_SORT).toEqual({ field: "userName", direction: "asc" });
  });

  it("reads a field with an optional direction", () => {
    expect(parseMemberSort("userEmail")).toEqual({ field: "userEmail", direction: "asc" });
    expect(parseMemberSort("createTimestamp:desc")).toEqual({ field: "createTimestamp", direction: "desc" });
    expect(parseMemberSort("userRole:asc")).toEqual({ field: "userRole", direction: "asc" });
  });

  it.each(["name", "userName:up", "userName:asc:desc", "USERNAME"])("refuses %s", (sortBy) => {
    expect(() => parseMemberSort(sortBy)).toThrow(MemberQueryError);
  });
});
