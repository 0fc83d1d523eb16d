import { describe, expect, it } from "vitest";
import { signBannerLink, verifiedBanner } from "./banner-links.server";

const SECRETS = ["current-secret"];
const query = (url: string) => new URL(url, "http://app.test").searchParams;

describe("banner links", () => {
  it("shows a banner with text that our redirect signed", () => {
    const url = signBannerLink("/1/acme/mail-merges/sent?q=x&banner=created&name=Launch%20team", SECRETS);
    expect(query(url).get("q")).toBe("x");
    expect(verifiedBanner(query(url), SECRETS)).toEqual({ tone: "success", title: "Launch team has been successfully created." });
  });

  it("shows nothing for crafted text: unsigned, re-signed by a stranger, or changed after signing", () => {
    const crafted = "/1/acme/sent?banner=transferred&name=Acme%20Marketing&email=billing-support@evil.test";
    expect(verifiedBanner(query(crafted), SECRETS)).toBeNull();
    expect(verifiedBanner(query(signBannerLink(crafted, ["someone-else"])), SECRETS)).toBeNull();
    const signed = query(signBannerLink("/1/acme/sent?banner=created&name=Launch", SECRETS));
    signed.set("name", "Pay at evil.test");
    expect(verifiedBanner(signed, SECRETS)).toBeNull();
  });

  it("shows banners without text unsigned", () => {
    expect(verifiedBanner(query("/?banner=error"), SECRETS)?.title).toBe("Something went wrong.");
    expect(verifiedBanner(query("/?banner=invitation-error&reason=expired"), SECRETS)?.tone).toBe("error");
  });

  it("keeps a link signed before a secret rotation", () => {
    const url = signBannerLink("/?banner=joined&name=Acme", ["old-secret"]);
    expect(verifiedBanner(query(url), ["new-secret", "old-secret"])?.title).toBe("You have successfully joined Acme.");
  });

  it("leaves URLs without a banner alone", () => {
    expect(signBannerLink("/1/acme/sent?q=a", SECRETS)).toBe("/1/acme/sent?q=a");
    expect(signBannerLink("/1/acme/sent", SECRETS)).toBe("/1/acme/sent");
    expect(signBannerLink("/1/acme/sent?banner=invitation-error&reason=expired", SECRETS)).toBe("/1/acme/sent?banner=invitation-error&reason=expired");
  });
});
