import { describe, expect, it } from "vitest";
import { checkoutResult } from "~/domain/billing-query";
import { cancelResultOf } from "~/domain/scheduled-merges";
import {
  checkoutReturnLink,
  OUTCOME_LIFETIME_MS,
  signOutcomeLink,
  verifiedBanner,
  vouchedQuery,
} from "./banner-links.server";

const SECRETS = ["current-secret"];
const NOW = Date.UTC(2026, 10, 29, 8, 0);
const ANN = { email: "ann@acme.test" };
const BOB = { email: "bob@acme.test" };
const keys = { secrets: SECRETS, now: NOW };
const query = (url: string) => new URL(url, "http://app.test").searchParams;
const signed = (url: string, session = ANN, options = {}) => query(signOutcomeLink(url, session, { ...keys, ...options }));

describe("outcome links", () => {
  it("shows an outcome our redirect signed for the person who opens it, keeping the rest of the query", () => {
    const url = signed("/1/acme/mail-merges/sent?q=x&banner=created&name=Launch%20team");
    expect(url.get("q")).toBe("x");
    expect(verifiedBanner(url, ANN, keys)).toEqual({ tone: "success", title: "Launch team has been successfully created." });
    expect(cancelResultOf(vouchedQuery(signed("/1/acme/mail-merges/scheduled?cancel=success"), ANN, keys))).toBe("success");
  });

  it("matches the person whatever the case of the address", () => {
    expect(cancelResultOf(vouchedQuery(signed("/s?cancel=success"), { email: "Ann@Acme.test" }, keys))).toBe("success");
  });

  it("shows no outcome from a typed or forged link, even one without text (issue 34)", () => {
    expect(verifiedBanner(query("/?banner=settings-saved"), ANN, keys)).toBeNull();
    expect(verifiedBanner(query("/?banner=transferred&name=Acme&email=support@evil.test"), ANN, keys)).toBeNull();
    expect(cancelResultOf(vouchedQuery(query("/s?cancel=success"), ANN, keys))).toBeNull();
    const seats = query("/billing?checkout=success&success=seats-added&seats=96");
    expect(checkoutResult(vouchedQuery(seats, ANN, keys))).toBeNull();
  });

  it("shows nothing when signed by another secret, changed after signing, or given another outcome", () => {
    expect(verifiedBanner(signed("/?banner=created&name=Acme", ANN, { secrets: ["someone-else"] }), ANN, keys)).toBeNull();
    const changed = signed("/?banner=created&name=Launch");
    changed.set("name", "Pay at evil.test");
    expect(verifiedBanner(changed, ANN, keys)).toBeNull();
    const more = signed("/billing?checkout=success&success=seats-added&seats=2");
    more.set("seats", "96");
    expect(checkoutResult(vouchedQuery(more, ANN, keys))).toBeNull();
    const added = signed("/s?banner=settings-saved");
    added.set("cancel", "success");
    expect(vouchedQuery(added, ANN, keys).has("cancel")).toBe(false);
  });

  it("shows another person's link to nobody else", () => {
    const mine = signed("/billing?checkout=success&success=seats-added&seats=2");
    expect(checkoutResult(vouchedQuery(mine, ANN, keys))).toEqual({ kind: "seats-added", seats: 2 });
    expect(checkoutResult(vouchedQuery(mine, BOB, keys))).toBeNull();
  });

  it("shows nothing once the link is a few minutes old", () => {
    const url = signed("/s?cancel=success");
    expect(cancelResultOf(vouchedQuery(url, ANN, { ...keys, now: NOW + OUTCOME_LIFETIME_MS - 1000 }))).toBe("success");
    expect(cancelResultOf(vouchedQuery(url, ANN, { ...keys, now: NOW + OUTCOME_LIFETIME_MS + 1000 }))).toBeNull();
    expect(OUTCOME_LIFETIME_MS).toBeLessThanOrEqual(10 * 60_000);
  });

  it("signs a Checkout Session's return for a day, the same for one form sent twice", () => {
    const link = "/billing?checkout=success&from=FREE&to=PRO&workspaceSeats=3";
    const first = checkoutReturnLink(link, ANN, NOW + 1000);
    expect(checkoutReturnLink(link, ANN, NOW + 5000)).toBe(first);
    const back = query(first);
    expect(checkoutResult(vouchedQuery(back, ANN, { now: NOW + 20 * 3_600_000 }))).toEqual({ kind: "started", seats: 3 });
    expect(checkoutResult(vouchedQuery(back, ANN, { now: NOW + 25 * 3_600_000 }))).toBeNull();
  });

  it("keeps a link signed before a secret rotation", () => {
    const url = signed("/?banner=joined&name=Acme", ANN, { secrets: ["old-secret"] });
    expect(verifiedBanner(url, ANN, { ...keys, secrets: ["new-secret", "old-secret"] })?.title).toBe(
      "You have successfully joined Acme.",
    );
  });

  it("leaves URLs without an outcome alone, and keeps their query when read", () => {
    expect(signOutcomeLink("/1/acme/sent?q=a", ANN, keys)).toBe("/1/acme/sent?q=a");
    expect(signOutcomeLink("/1/acme/sent", ANN, keys)).toBe("/1/acme/sent");
    expect(vouchedQuery(query("/billing?show-plans=true"), ANN, keys).get("show-plans")).toBe("true");
    expect(vouchedQuery(query("/billing?show-plans=true&checkout=success"), ANN, keys).get("show-plans")).toBe("true");
  });
});
