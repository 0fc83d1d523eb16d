import { describe, expect, it } from "vitest";
import { listSearch, parseSentQuery, sentDetailTexts, sentParamValues, sentTexts } from "./mail-merges";

describe("parseSentQuery", () => {
  it("defaults to the last 12 months, newest first, page 1", () => {
    expect(parseSentQuery(new URLSearchParams())).toEqual({
      q: "",
      range: "LAST_12_MONTHS",
      sort: "date",
      dir: "desc",
      page: 1,
    });
  });
  it("reads a bookmarked URL", () => {
    expect(parseSentQuery(new URLSearchParams("q=news&range=LAST_30_DAYS&sort=date&dir=desc&page=2"))).toEqual({
      q: "news",
      range: "LAST_30_DAYS",
      sort: "date",
      dir: "desc",
      page: 2,
    });
  });
  it("sorts by sheet name ascending first", () => {
    expect(parseSentQuery(new URLSearchParams("sort=name"))).toMatchObject({ sort: "name", dir: "asc" });
  });
  it("falls back on nonsense", () => {
    expect(parseSentQuery(new URLSearchParams("range=FOREVER&sort=opened&page=x"))).toMatchObject({
      range: "LAST_12_MONTHS",
      sort: "date",
      page: 1,
    });
  });
});

describe("sentParamValues", () => {
  it("leaves the default range out of the canonical URL, as every other default", () => {
    const canonical = (search: string) => sentParamValues(parseSentQuery(new URLSearchParams(search)));
    expect(canonical("q=&range=LAST_12_MONTHS&sort=date&dir=desc&page=1")).toEqual({
      q: null,
      range: null,
      sort: null,
      dir: null,
      page: null,
    });
    expect(canonical("range=ALL_TIME&sort=name&page=2")).toEqual({
      q: null,
      range: "ALL_TIME",
      sort: "name",
      dir: null,
      page: "2",
    });
  });
});

describe("listSearch", () => {
  it("keeps the list's parameters only", () => {
    expect(listSearch("?q=a+b&range=THIS_YEAR&sort=name&dir=asc&page=3&banner=x")).toBe(
      "?q=a+b&range=THIS_YEAR&sort=name&dir=asc&page=3",
    );
    expect(listSearch("?page=3&q=x", { withPage: false })).toBe("?q=x");
    expect(listSearch("")).toBe("");
    expect(listSearch("?q=")).toBe("");
  });
});

describe("texts", () => {
  it("carries the spec's sentences verbatim", () => {
    expect(`${sentTexts.empty.before}${sentTexts.empty.link}${sentTexts.empty.after}`).toBe(
      "You don't have any mail sent. Learn how to Get started.",
    );
    expect(sentTexts.empty.title).toBe("Nothing to see here...");
    expect(sentTexts.noMatch).toEqual({
      title: "No results found",
      text: "Sorry, there is no mail merge that fits with your search.",
    });
    expect(sentDetailTexts.lastUpdate("Nov. 21, 9:05 AM")).toBe(
      "* Last update: Nov. 21, 9:05 AM. Open your tracking report in Google Sheets to refresh.",
    );
  });
});
