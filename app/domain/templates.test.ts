import { describe, expect, it } from "vitest";
import {
  byTemplateOrder,
  draftAlert,
  draftAlertQuery,
  gmailDraftUrl,
  templatesTexts,
  withoutDraftAlert,
} from "./templates";

const templates = [
  { id: "t-2", subject: "Newsletter", order: 2 },
  { id: "t-1", subject: "Welcome", order: 1 },
  { id: "t-3", subject: "Event invitation", order: 2 },
];

describe("template texts", () => {
  it("are the spec's, verbatim", () => {
    expect(templatesTexts.mobileNotice).toBe("To use one of these templates, please visit the desktop version.");
    expect(templatesTexts.draftCreated("Welcome")).toBe("Welcome Gmail draft created");
    expect(templatesTexts.draftError).toBe("Gmail draft could not be created");
    expect(templatesTexts.use).toBe("Use");
    expect(templatesTexts.open).toBe("Open");
  });
});

describe("byTemplateOrder", () => {
  it("orders by the order field, ties by subject, without touching the input", () => {
    expect(byTemplateOrder(templates).map((template) => template.id)).toEqual(["t-1", "t-3", "t-2"]);
    expect(templates[0]!.id).toBe("t-2");
  });
});

describe("the draft alert", () => {
  it("names the created template from the gallery, not from the URL", () => {
    expect(draftAlertQuery("created", "t-1")).toBe("draft=created&template=t-1");
    expect(draftAlert(new URLSearchParams("draft=created&template=t-1"), templates)).toEqual({
      tone: "success",
      title: "Welcome Gmail draft created",
    });
    // A crafted subject is ignored; an unknown template shows nothing.
    expect(draftAlert(new URLSearchParams("draft=created&template=t-1&subject=Hacked"), templates)?.title).toBe(
      "Welcome Gmail draft created",
    );
    expect(draftAlert(new URLSearchParams("draft=created&template=nope"), templates)).toBeNull();
  });

  it("shows the error, and nothing for anything else", () => {
    expect(draftAlertQuery("error")).toBe("draft=error");
    expect(draftAlert(new URLSearchParams("draft=error"), templates)).toEqual({
      tone: "error",
      title: "Gmail draft could not be created",
    });
    expect(draftAlert(new URLSearchParams("draft=maybe"), templates)).toBeNull();
    expect(draftAlert(new URLSearchParams(""), templates)).toBeNull();
  });

  it("is closed by dropping only its own parameters", () => {
    expect(withoutDraftAlert("?draft=created&template=t-1&x=1").toString()).toBe("x=1");
  });
});

describe("gmailDraftUrl", () => {
  it("opens the draft in Gmail", () => {
    expect(gmailDraftUrl("msg-123")).toBe("https://mail.google.com/mail/u/0/#drafts?compose=msg-123");
    expect(gmailDraftUrl("a b&c")).toBe("https://mail.google.com/mail/u/0/#drafts?compose=a%20b%26c");
  });
});
