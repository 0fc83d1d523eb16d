import { describe, expect, it } from "vitest";
import {
  canonicalSearch,
  emptyReason,
  listHref,
  listParamValues,
  pageOf,
  pageWindow,
  parseListQuery,
  sortHref,
} from "./list-query";

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
  it("flips the direction of the current column and starts another with its default, leaving defaults out", () => {
    const current = { q: "", sort: "date" as const, dir: "desc" as const, page: 2 };
    expect(sortHref("/x", "page=2", current, "date", options)).toBe("/x?dir=asc");
    expect(sortHref("/x", "", current, "name", options)).toBe("/x?sort=name");
    const byName = { q: "", sort: "name" as const, dir: "asc" as const, page: 1 };
    expect(sortHref("/x", "sort=name", byName, "name", options)).toBe("/x?sort=name&dir=desc");
    expect(sortHref("/x", "sort=name", byName, "date", options)).toBe("/x");
  });
  it("writes the list's parameters first, in one order", () => {
    expect(listHref("/x", "range=THIS_YEAR&q=a", { sort: "name" })).toBe("/x?q=a&range=THIS_YEAR&sort=name");
  });
});

describe("canonical URLs", () => {
  const canonical = (search: string) =>
    canonicalSearch(
      new URLSearchParams(search),
      listParamValues(parseListQuery(new URLSearchParams(search), options), options),
    );

  it("leaves the defaults out", () => {
    expect(canonical("")).toBe("");
    expect(canonical("q=")).toBe("");
    expect(canonical("q=%20%20&sort=date&dir=desc&page=1")).toBe("");
    expect(canonical("sort=name&dir=asc")).toBe("?sort=name");
  });
  it("keeps what differs from the defaults, trimmed, once, in one order", () => {
    expect(canonical("page=2&dir=asc&q=%20news%20")).toBe("?q=news&dir=asc&page=2");
    expect(canonical("q=a&q=b&sort=name&dir=desc")).toBe("?q=a&sort=name&dir=desc");
  });
  it("drops values that make no sense", () => {
    expect(canonical("sort=evil&dir=up&page=-2")).toBe("");
    expect(canonical("page=1.5")).toBe("");
  });
  it("keeps other parameters after the list's, as they were", () => {
    expect(canonical("cancel=success&q=a")).toBe("?q=a&cancel=success");
    expect(canonical("banner=created&name=Acme%20Co")).toBe("?banner=created&name=Acme+Co");
  });
  it("writes an extra list parameter only when it is not its default", () => {
    const params = new URLSearchParams("range=LAST_12_MONTHS&q=x");
    expect(canonicalSearch(params, { q: "x", range: null })).toBe("?q=x");
    expect(canonicalSearch(new URLSearchParams("range=THIS_YEAR"), { range: "THIS_YEAR" })).toBe("?range=THIS_YEAR");
  });
  it("is stable: a canonical query is its own canonical form", () => {
    const cutAtASpace = new URLSearchParams({ q: `${"x".repeat(199)} tail` }).toString();
    for (const search of ["q=a+b&sort=name&dir=desc&page=3", "q=news%2Csearch%3Azzz", "q=100%25", cutAtASpace]) {
      const once = canonical(search).slice(1);
      expect(canonical(once)).toBe(`?${once}`);
    }
  });
});

describe("emptyReason", () => {
  it("tells a page past the end from no match and from an empty list", () => {
    expect(emptyReason({ q: "", page: 7 })).toBe("pastEnd");
    expect(emptyReason({ q: "news", page: 7 })).toBe("pastEnd");
    expect(emptyReason({ q: "news", page: 1 })).toBe("noMatch");
    expect(emptyReason({ q: "", page: 1 })).toBe("empty");
  });
});
