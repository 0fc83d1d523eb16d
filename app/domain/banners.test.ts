import { describe, expect, it } from "vitest";
import { bannerContent, bannerQuery, parseBanner, withoutBannerParams } from "./banners";

const parse = (query: string) => parseBanner(new URLSearchParams(query));

describe("banner parsing", () => {
  it("reads the created banner", () => {
    const banner = parse("banner=created&name=Acme%20Labs")!;
    expect(bannerContent(banner).title).toBe("Acme Labs has been successfully created.");
  });

  it("adds the switched line to deleted", () => {
    const content = bannerContent(parse("banner=deleted&name=Old%20Space&switchedTo=Acme%20Marketing")!);
    expect(content.title).toBe("Old Space has been successfully deleted.");
    expect(content.detail).toBe("You have been automatically switched to Acme Marketing.");
  });

  it("names the new owner on transfer", () => {
    const content = bannerContent(parse("banner=transferred&name=Acme&email=adam%40acme.test")!);
    expect(content.title).toBe("Acme ownership has been transferred to adam@acme.test");
    expect(content.detail).toBe("You are still part of Acme as a regular user.");
  });

  it("adds the switched clause to joined only when switched", () => {
    expect(bannerContent(parse("banner=joined&name=Acme")!).title).toBe("You have successfully joined Acme.");
    expect(bannerContent(parse("banner=joined&name=Acme&switched=1")!).title).toBe(
      "You have successfully joined Acme, and you have been automatically switched to it.",
    );
  });

  it("says one member or several after a change of the members page (issue 26)", () => {
    const title = (query: string) => bannerContent(parse(`banner=members-updated&${query}`)!).title;
    expect(title("change=removed&members=1")).toBe("The member has been removed from the space.");
    expect(title("change=removed&members=3")).toBe("The members have been removed from the space.");
    expect(title("change=cancelled&members=1")).toBe("The invitation has been cancelled.");
    expect(title("change=resent&members=2")).toBe("The invitations have been sent again.");
    expect(title("change=activated&members=1")).toBe("The member has been activated.");
  });

  it.each([
    ["invalid", "The invite link is invalid."],
    ["different-account", "You are logged into a different account than the one invited."],
    ["expired", "The invite link has expired or been cancelled."],
    ["already-member", "You are already a member of this space."],
  ])("maps the invitation error %s", (reason, detail) => {
    const content = bannerContent(parse(`banner=invitation-error&reason=${reason}`)!);
    expect(content.title).toBe("The invitation could not be finalized.");
    expect(content.detail).toBe(detail);
  });

  it("says an invitation or a member changed elsewhere is gone, and nothing else", () => {
    expect(bannerContent(parse("banner=members-gone&what=invitation")!)).toEqual({
      tone: "info",
      title: "An invitation you selected is no longer pending.",
      detail: "It was cancelled or accepted in the meantime. Nothing was changed; the list shows where things stand now.",
    });
    expect(bannerContent(parse("banner=members-gone&what=member")!).title).toBe(
      "A member you selected is no longer in the space.",
    );
    expect(parse("banner=members-gone&what=everyone")).toBeNull();
  });

  it("shows the generic error", () => {
    expect(bannerContent(parse("banner=error")!)).toEqual({
      tone: "error",
      title: "Something went wrong.",
      detail: "Please try again later.",
    });
  });

  it("tells a cancelled billing-cycle change from a cancelled seat downgrade", () => {
    expect(bannerContent(parse("banner=interval-change-cancelled")!)).toEqual({
      tone: "success",
      title: "You successfully cancelled the scheduled billing cycle change.",
    });
    expect(bannerContent(parse("banner=downgrade-cancelled")!).title).toBe(
      "You successfully cancelled the previously scheduled downgrade.",
    );
  });

  it.each([
    "",
    "banner=unknown",
    "banner=created",
    "banner=transferred&name=A&email=not-an-email",
    "banner=invitation-error&reason=x",
  ])("ignores %j", (query) => {
    expect(parse(query)).toBeNull();
  });

  it("round-trips through bannerQuery and strips its parameters", () => {
    const query = bannerQuery({ banner: "created", name: "Acme Labs" });
    expect(parse(query)).toEqual({ banner: "created", name: "Acme Labs" });
    expect(withoutBannerParams(new URLSearchParams(`${query}&q=news`)).toString()).toBe("q=news");
  });
});
