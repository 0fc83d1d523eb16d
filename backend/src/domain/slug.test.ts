import { describe, expect, it } from "vitest";
import { slugify, urlPrefix } from "./slug";

describe("slugify", () => {
  it.each([
    ["Acme Marketing", "acme-marketing"],
    ["Sam's space", "sams-space"],
    ["Sam’s space", "sams-space"],
    ["  Équipe Été 2025!! ", "equipe-ete-2025"],
    ["R&D -- Ops / EMEA", "r-d-ops-emea"],
    ["日本のチーム", "space"],
    ["---", "space"],
    ["", "space"],
  ])("%j → %j", (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it("keeps at most 60 characters and never ends on a hyphen", () => {
    expect(slugify("a".repeat(100))).toBe("a".repeat(60));
    const cutAtSeparator = slugify(`${"b".repeat(59)} tail`);
    expect(cutAtSeparator).toBe("b".repeat(59));
  });
});

describe("urlPrefix", () => {
  it("joins id and slug", () => {
    expect(urlPrefix("5100000000000001", "acme-marketing")).toBe("/5100000000000001/acme-marketing");
  });
});
