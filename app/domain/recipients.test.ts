import { describe, expect, it } from "vitest";
import {
  addedFeedback,
  canDeleteRecipient,
  canSeeRecipient,
  feedbackFromParams,
  feedbackQuery,
  isListShared,
  recipientRights,
  recipientsExplainer,
  recipientTexts,
  withoutRecipientState,
  type ExplainerInput,
  type ExplainerSegment,
  type RecipientMembership,
} from "./recipients";
import type { Role, UserPlan } from "./account-types";

const features = (shareUnsubscribesAcrossWorkspace: boolean, shareBouncesAccrossWorkspace: boolean) => ({
  otherFeatures: { shareUnsubscribesAcrossWorkspace, shareBouncesAccrossWorkspace },
});

const plain = (paragraphs: ExplainerSegment[][]) =>
  paragraphs
    .map((segments) =>
      segments
        .map((segment) =>
          "text" in segment
            ? segment.text
            : "upgradeLink" in segment
              ? `[${segment.upgradeLink}]`
              : `<${segment.ownerEmail}>`,
        )
        .join(""),
    )
    .join("\n");

describe("texts (002 §2, §8)", () => {
  it("keeps the spec's own strings", () => {
    const unsubscription = recipientTexts.unsubscription;
    expect(unsubscription.placeholder).toBe("Enter email addresses separated by commas");
    expect(unsubscription.submit).toBe("Unsubscribe");
    expect(unsubscription.added(3)).toBe("3 email address(es) successfully unsubscribed.");
    expect(unsubscription.added(1)).toBe("1 email address(es) successfully unsubscribed.");
    expect(unsubscription.noneAdded).toBe("These email addresses were already unsubscribed.");
    expect(unsubscription.deleted).toBe("1 unsubscribed email address successfully deleted.");
    expect(unsubscription.confirmTitle).toBe("Remove this recipient from your unsubscribe list?");
    expect(unsubscription.confirmShared).toBe(
      "It will be removed from your unsubscribes list and the unsubscribes lists of all your spaces.",
    );
    expect(unsubscription.emptyText).toBe("There are no unsubscriptions");

    const bounce = recipientTexts.bounce;
    expect(bounce.submit).toBe("Add to bounce list");
    expect(bounce.added(4)).toBe("4 email addresses successfully added to bounce list");
    // 002 §8 gives one text for every N, 1 included.
    expect(bounce.added(1)).toBe("1 email addresses successfully added to bounce list");
    expect(bounce.noneAdded).toBe("These email addresses were already on the bounce list");
    expect(bounce.deleted).toBe("1 bounced email address successfully deleted");
  });

  it("formats large counts the German way (002 §9)", () => {
    expect(recipientTexts.unsubscription.added(1234)).toBe("1.234 email address(es) successfully unsubscribed.");
  });
});

describe("isListShared (000 §6)", () => {
  it("needs the matching feature and a paid user plan", () => {
    expect(isListShared("unsubscription", { userPlan: "PRO", workspaceUserFeature: features(true, false) })).toBe(true);
    expect(isListShared("bounce", { userPlan: "PRO", workspaceUserFeature: features(true, false) })).toBe(false);
    expect(isListShared("bounce", { userPlan: "PRO_PERSONAL", workspaceUserFeature: features(false, true) })).toBe(
      true,
    );
    expect(isListShared("unsubscription", { userPlan: "FREE", workspaceUserFeature: features(true, true) })).toBe(
      false,
    );
  });
});

describe("the sharing rule (000 §6, 002 §6)", () => {
  const kinds = ["unsubscription", "bounce"] as const;
  const member = (userRole: Role, userPlan: UserPlan, shares = true): RecipientMembership => ({
    userRole,
    userPlan,
    workspaceUserFeature: features(shares, shares),
  });

  it("keeps a member without sharing to their own entries, whatever their role", () => {
    for (const kind of kinds) {
      for (const membership of [member("MEMBER", "FREE"), member("ADMIN", "FREE"), member("OWNER", "PRO", false)]) {
        const rights = recipientRights(kind, membership);
        expect(rights, `${kind} ${membership.userRole}`).toEqual({ shared: false, deletesShared: false });
        expect(canSeeRecipient(rights, "USER")).toBe(true);
        expect(canDeleteRecipient(rights, "USER")).toBe(true);
        expect(canSeeRecipient(rights, "WORKSPACE")).toBe(false);
        expect(canDeleteRecipient(rights, "WORKSPACE")).toBe(false);
      }
    }
  });

  it("shows the space's entries to everyone the list is shared with", () => {
    for (const kind of kinds) {
      for (const role of ["MEMBER", "ADMIN", "OWNER"] as const) {
        expect(canSeeRecipient(recipientRights(kind, member(role, "PRO")), "WORKSPACE")).toBe(true);
      }
    }
  });

  it("lets only the owner and admins delete the space's unsubscriptions", () => {
    const deletes = (role: Role, userPlan: UserPlan) =>
      canDeleteRecipient(recipientRights("unsubscription", member(role, userPlan)), "WORKSPACE");
    expect(deletes("OWNER", "PRO")).toBe(true);
    expect(deletes("ADMIN", "PRO_PERSONAL")).toBe(true);
    expect(deletes("MEMBER", "PRO")).toBe(false);
    expect(canDeleteRecipient(recipientRights("unsubscription", member("MEMBER", "PRO")), "USER")).toBe(true);
  });

  it("lets every member the bounces are shared with delete the space's bounces", () => {
    expect(canDeleteRecipient(recipientRights("bounce", member("MEMBER", "PRO")), "WORKSPACE")).toBe(true);
    expect(canDeleteRecipient(recipientRights("bounce", member("MEMBER", "FREE")), "WORKSPACE")).toBe(false);
  });

  it("reads each list's own feature", () => {
    const onlyBounces = { ...member("OWNER", "PRO"), workspaceUserFeature: features(false, true) };
    expect(recipientRights("unsubscription", onlyBounces).shared).toBe(false);
    expect(recipientRights("bounce", onlyBounces).shared).toBe(true);
  });
});

describe("feedback in the URL", () => {
  it("reads what a write redirected with", () => {
    const added = new URLSearchParams(feedbackQuery({ added: 3 }) as Record<string, string>);
    expect(feedbackFromParams("unsubscription", added)).toEqual({
      tone: "success",
      text: "3 email address(es) successfully unsubscribed.",
    });
    expect(feedbackFromParams("bounce", new URLSearchParams("result=added&count=0"))).toEqual({
      tone: "info",
      text: "These email addresses were already on the bounce list",
    });
    expect(feedbackFromParams("bounce", new URLSearchParams("result=deleted"))).toEqual({
      tone: "success",
      text: "1 bounced email address successfully deleted",
    });
  });
  it("ignores anything else", () => {
    for (const query of [
      "",
      "result=added",
      "result=added&count=-1",
      "result=added&count=1e3",
      "result=boom",
      "count=4",
    ]) {
      expect(feedbackFromParams("unsubscription", new URLSearchParams(query)), query).toBeNull();
    }
  });
  it("says when nothing was new", () => {
    expect(addedFeedback("unsubscription", 0)).toEqual({
      tone: "info",
      text: "These email addresses were already unsubscribed.",
    });
  });
  it("drops the feedback and the dialog, keeping the list state", () => {
    expect(
      withoutRecipientState(
        new URLSearchParams("q=a&result=added&count=2&confirm=x%40y.test&sort=date&page=2"),
      ).toString(),
    ).toBe("q=a&sort=date&page=2");
  });
});

describe("recipientsExplainer (002 §6)", () => {
  const base: ExplainerInput = {
    kind: "unsubscription",
    shared: true,
    isOwner: true,
    workspacePlan: "PRO",
    restricted: false,
    spaceName: "Acme Marketing",
    ownerEmail: null,
  };

  it("explains the shared list, with its own wording for Premium spaces", () => {
    const pro = plain(recipientsExplainer(base));
    expect(pro).toContain("Your unsubscribes are shared with every paid user of Acme Marketing");
    const premium = plain(recipientsExplainer({ ...base, workspacePlan: "PREMIUM", spaceName: "Bigco" }));
    expect(premium).toContain("Your unsubscribes are shared across your Premium space Bigco");
    expect(premium).not.toEqual(pro);
  });

  it("offers the owner an upgrade link when the list is not shared", () => {
    const paragraphs = recipientsExplainer({ ...base, shared: false });
    expect(paragraphs.flat()).toContainEqual({ upgradeLink: "Upgrade your space" });
    expect(plain(paragraphs)).toContain("Your unsubscribes are not shared with the rest of Acme Marketing.");
  });

  it("tells anyone else to ask the owner, showing the owner's address", () => {
    const paragraphs = recipientsExplainer({ ...base, shared: false, isOwner: false, ownerEmail: "owner@acme.test" });
    expect(paragraphs.flat()).toContainEqual({ ownerEmail: "owner@acme.test" });
    expect(paragraphs.flat().some((segment) => "upgradeLink" in segment)).toBe(false);
    expect(plain(paragraphs)).toContain("ask the space owner (<owner@acme.test>) to upgrade.");
    expect(plain(recipientsExplainer({ ...base, shared: false, isOwner: false }))).toContain(
      "ask the space owner to upgrade.",
    );
    expect(plain(recipientsExplainer({ ...base, shared: false, isOwner: false, workspacePlan: "PREMIUM" }))).toContain(
      "whole Premium space",
    );
  });

  it("drops the sharing part under the SHARED_UNSUBS restriction, claiming nothing the delete dialog contradicts", () => {
    for (const shared of [true, false]) {
      const text = plain(recipientsExplainer({ ...base, restricted: true, shared, isOwner: false }));
      expect(text).toContain("Recipients on this list won't receive your mail merges.");
      // The dialog tells a shared list's deletion reaches every space (002 §2): the page may not call it your own.
      expect(text).not.toMatch(/your own|not shared|shared with/);
      expect(text).not.toContain("Upgrade");
      expect(text).not.toContain("owner");
    }
  });

  it("has its own texts for bounces", () => {
    const text = plain(recipientsExplainer({ ...base, kind: "bounce" }));
    expect(text).toContain("could not be delivered");
    expect(text).toContain("Your bounces are shared with every paid user of Acme Marketing");
  });
});
