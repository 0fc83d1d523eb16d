import { describe, expect, it } from "vitest";
import { emailInputRows, isValidEmail, MAX_EMAIL_TAGS, parseEmailTags, summariseEmailTags } from "./email-tags";

describe("parseEmailTags", () => {
  it("splits on commas, spaces, tabs and new lines", () => {
    expect(parseEmailTags("a@x.test, b@x.test c@x.test\nd@x.test\te@x.test,,f@x.test").map((tag) => tag.email)).toEqual(
      ["a@x.test", "b@x.test", "c@x.test", "d@x.test", "e@x.test", "f@x.test"],
    );
  });

  it("trims, lowercases and keeps each address once, in typed order", () => {
    expect(parseEmailTags("  Ann@X.Test , bob@x.test ann@x.test\r\nBOB@x.TEST  ")).toEqual([
      { email: "ann@x.test", invalid: false },
      { email: "bob@x.test", invalid: false },
    ]);
  });

  it("flags invalid addresses and keeps them as typed (lowercased)", () => {
    expect(parseEmailTags("ok@x.test nope Bad@ @x.test a@b a..b@x.test .a@x.test")).toEqual([
      { email: "ok@x.test", invalid: false },
      { email: "nope", invalid: true },
      { email: "bad@", invalid: true },
      { email: "@x.test", invalid: true },
      { email: "a@b", invalid: true },
      { email: "a..b@x.test", invalid: true },
      { email: ".a@x.test", invalid: true },
    ]);
  });

  it("gives nothing for empty or blank text", () => {
    expect(parseEmailTags("")).toEqual([]);
    expect(parseEmailTags(" ,\n ,, \t")).toEqual([]);
  });
});

describe("isValidEmail", () => {
  it("accepts common addresses", () => {
    for (const email of ["a@x.test", "first.last+tag@sub.example.co.uk", "o'brien@x.ie", "a_b-c@x-y.io"]) {
      expect(isValidEmail(email), email).toBe(true);
    }
  });
  it("refuses addresses that are too long", () => {
    expect(isValidEmail(`${"a".repeat(250)}@x.test`)).toBe(false);
  });
});

describe("summariseEmailTags", () => {
  it("sends only the valid ones and lists the invalid ones", () => {
    const summary = summariseEmailTags("a@x.test, nope, b@x.test, A@X.TEST");
    expect(summary.valid).toEqual(["a@x.test", "b@x.test"]);
    expect(summary.invalid).toEqual(["nope"]);
    expect(summary.tooMany).toBe(false);
  });

  it("knows when a submission carries too many addresses", () => {
    const text = Array.from({ length: MAX_EMAIL_TAGS + 1 }, (_, index) => `u${index}@x.test`).join(",");
    expect(summariseEmailTags(text).tooMany).toBe(true);
    const exactly = Array.from({ length: MAX_EMAIL_TAGS }, (_, index) => `u${index}@x.test`).join(" ");
    expect(summariseEmailTags(exactly).tooMany).toBe(false);
  });
});

describe("emailInputRows", () => {
  it("grows with the lines typed, between 2 and 6 rows", () => {
    expect(emailInputRows("")).toBe(2);
    expect(emailInputRows("a\nb\nc")).toBe(3);
    expect(emailInputRows("a\nb\nc\nd\ne\nf\ng\nh")).toBe(6);
  });
});
