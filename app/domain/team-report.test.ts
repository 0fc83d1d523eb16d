import { describe, expect, it } from "vitest";
import { parseListQuery } from "./list-query";
import {
  teamReportCsvHeader,
  teamReportFilters,
  teamReportQueryOptions,
  teamReportSortBy,
  teamReportTexts,
} from "./team-report";

describe("team report texts", () => {
  it("are the spec's, verbatim", () => {
    expect(teamReportTexts.description("Acme Marketing")).toBe("This lists all active members of Acme Marketing");
    expect(teamReportTexts.legacyDescription(["oldco.test", "oldco.example"])).toBe(
      "This lists anyone who has used YAMM in the domain(s) oldco.test, oldco.example",
    );
    expect(teamReportTexts.table.name).toBe("Sheet Name");
    expect(teamReportTexts.table.lastEmail).toBe("Last Email");
    expect(teamReportTexts.table.sentThisMonth).toBe("Sent this month");
    expect(teamReportTexts.table.sentAllTime).toBe("Sent all time");
    expect(teamReportTexts.empty).toBe("There are no users in this team");
    expect(teamReportTexts.noMatch).toBe("Sorry, there is no user that fits with your search.");
    expect(teamReportTexts.cards.activeUsers).toBe("Active users");
    expect(teamReportCsvHeader).toEqual(["Name", "Email", "Last email", "Sent this month", "Sent all time"]);
  });
});

describe("team report query", () => {
  const parse = (query: string) => parseListQuery(new URLSearchParams(query), teamReportQueryOptions);

  it("sorts by Sent this month, descending, by default", () => {
    const query = parse("");
    expect(query).toEqual({ q: "", sort: "month", dir: "desc", page: 1 });
    expect(teamReportSortBy(query.sort, query.dir)).toBe("emailSentThisMonth:desc");
  });

  it("maps every URL sort to the backend's field", () => {
    expect(teamReportSortBy(parse("sort=name").sort, parse("sort=name").dir)).toBe("userName:asc");
    expect(teamReportSortBy(parse("sort=all").sort, parse("sort=all").dir)).toBe("emailSentAllTime:desc");
    expect(teamReportSortBy(parse("sort=all&dir=asc").sort, "asc")).toBe("emailSentAllTime:asc");
    expect(teamReportSortBy(parse("sort=name&dir=desc").sort, parse("sort=name&dir=desc").dir)).toBe("userName:desc");
    // Anything else falls back to the default.
    expect(parse("sort=userEmail").sort).toBe("month");
  });

  it("filters active members, legacy ones too on legacy plans, and the search", () => {
    expect(teamReportFilters({ isLegacy: false, q: "" })).toEqual({ memberStatus: ["ACTIVE"], search: "" });
    expect(teamReportFilters({ isLegacy: true, q: "" })).toEqual({ memberStatus: ["ACTIVE", "LEGACY"], search: "" });
    expect(teamReportFilters({ isLegacy: false, q: "a,memberStatus:DISABLED" })).toEqual({
      memberStatus: ["ACTIVE"],
      search: "a,memberStatus:DISABLED",
    });
  });
});
