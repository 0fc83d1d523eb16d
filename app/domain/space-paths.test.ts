import { describe, expect, it } from "vitest";
import { canonicalSpaceUrl, isActivePath, isSameSpace, slugOf, spacePath } from "./space-paths";

describe("space paths", () => {
  it("joins a prefix and a section", () => {
    expect(spacePath("/51/acme", "mail-merges/sent")).toBe("/51/acme/mail-merges/sent");
    expect(spacePath("/51/acme", "/space/users")).toBe("/51/acme/space/users");
    expect(spacePath("/51/acme")).toBe("/51/acme");
  });

  it("reads the slug", () => {
    expect(slugOf("/51/acme-marketing")).toBe("acme-marketing");
  });

  it("keeps the section and the query when correcting the slug", () => {
    const url = new URL("http://x/51/old-name/mail-merges/sent?q=news&page=2");
    expect(canonicalSpaceUrl(url, "51", "/51/acme-marketing")).toBe(
      "/51/acme-marketing/mail-merges/sent?q=news&page=2",
    );
  });
});

describe("active links", () => {
  it("matches the path and below, not siblings", () => {
    expect(isActivePath("/51/acme/mail-merges/sent", "/51/acme/mail-merges")).toBe(true);
    expect(isActivePath("/51/acme/mail-merges/scheduled/", "/51/acme/mail-merges")).toBe(true);
    expect(isActivePath("/51/acme/space/users", "/51/acme/space/users")).toBe(true);
    expect(isActivePath("/51/acme/templates-old", "/51/acme/templates")).toBe(false);
    expect(isActivePath("/51/acme/space/general", "/51/acme/space/users")).toBe(false);
  });
});

describe("isSameSpace", () => {
  it("compares the space of two routes' params", () => {
    expect(
      isSameSpace({ workspaceId: "1", workspaceSlug: "a", campaignId: "x" }, { workspaceId: "1", workspaceSlug: "a" }),
    ).toBe(true);
    expect(isSameSpace({ workspaceId: "1", workspaceSlug: "a" }, { workspaceId: "2", workspaceSlug: "b" })).toBe(false);
  });
});
