import { describe, expect, it } from "vitest";
import { listHref, pageOf, pageWindow, parseListQuery, sortHref } from "./list-query";

const options = {
  sorts: ["date", "name"] as const,
  defaultSort: "date" as const,
  defaultDirs: { date: "desc", name: "asc" } as const,
};

describe("parseListQuery", () => {
  it("gives the defaults for an empty query", () => {
    expect(parseListQuery(new URLSearchParams(), options)).toEqual({ q: "", sort: "date", dir: "desc", page: 1 });
  });
  it("reads every parameter", () => {
    expect(parseListQuery(new URLSearchParams("q=%20news%20&sort=name&dir=desc&page=3"), options)).toEqual({
      q: "news",
      sort: "name",
      dir: "desc",
      page: 3,
    });
  });
  it("falls back on nonsense", () => {
    expect(parseListQuery(new URLSearchParams("sort=evil&dir=up&page=-2"), options)).toEqual({
      q: "",
      sort: "date",
      dir: "desc",
      page: 1,
    });
    expect(parseListQuery(new URLSearchParams("page=1.5"), options).page).toBe(1);
    expect(parseListQuery(new URLSearchParams(`q=${"x".repeat(500)}`), options).q).toHaveLength(200);
  });
  it("starts a sort with its own default direction", () => {
    expect(parseListQuery(new URLSearchParams("sort=name"), options).dir).toBe("asc");
  });
});

describe("paging", () => {
  it("asks for one row more than a page", () => {
    expect(pageWindow(1)).toEqual({ limit: 26, limitOffset: 0 });
    expect(pageWindow(3)).toEqual({ limit: 26, limitOffset: 50 });
  });
  it("tells whether a next page exists", () => {
    expect(pageOf(Array.from({ length: 26 }, (_, index) => index))).toMatchObject({ hasNextPage: true });
    expect(pageOf(Array.from({ length: 26 }, (_, index) => index)).rows).toHaveLength(25);
    expect(pageOf([1, 2]).hasNextPage).toBe(false);
  });
});

describe("hrefs", () => {
  it("changes a parameter and goes back to page 1", () => {
    expect(listHref("/x", "q=a&page=3&range=THIS_YEAR", { range: "LAST_30_DAYS" })).toBe("/x?q=a&range=LAST_30_DAYS");
  });
  it("keeps the rest when changing the page", () => {
    expect(listHref("/x", "q=a", { page: "2" })).toBe("/x?q=a&page=2");
  });
  it("never carries one-time messages on", () => {
    expect(listHref("/x", "q=a&cancel=success&banner=created&name=A&result=added&count=2", { page: "2" })).toBe(
      "/x?q=a&page=2",
    );
  });
  it("removes a parameter set to null", () => {
    expect(listHref("/x", "q=a", { q: null })).toBe("/x");
  });
  it("flips the direction of the current column and starts another with its default", () => {
    const current = { q: "", sort: "date" as const, dir: "desc" as const, page: 2 };
    expect(sortHref("/x", "page=2", current, "date", options.defaultDirs)).toBe("/x?sort=date&dir=asc");
    expect(sortHref("/x", "", current, "name", options.defaultDirs)).toBe("/x?sort=name&dir=asc");
  });
});
