import { describe, expect, it } from "vitest";
import {
  OUT_OF_QUOTA_MESSAGE,
  SCHEDULED_ERROR_STATUSES,
  isOutOfQuota,
  isRecoverable,
  listAfterCancel,
  listSearch,
  cancelResultOf,
  scheduledErrorCatalogue,
  type ScheduledCampaign,
  type ScheduledErrorStatus,
} from "./scheduled-merges";
import { deliveryDate, scheduledDetail, scheduledMessage, scheduledRow } from "./scheduled-rows";

// 2026-03-10 09:30 UTC = 10:30 in Paris (CET, before the March change).
const LAST_RETRY = Date.UTC(2026, 2, 10, 9, 30);
const SAME_DAY = Date.UTC(2026, 2, 10, 8, 0);
const PARIS = "Europe/Paris";

function campaign(overrides: Partial<ScheduledCampaign> = {}): ScheduledCampaign {
  return {
    campaignId: "42",
    mergeSourceSheetKey: "1AbC-xyz_09-123456",
    mergeSourceSpreadSheetName: "Spring newsletter",
    mergeSourceSheetName: "Contacts",
    createTimestamp: Date.UTC(2026, 2, 1, 12, 0),
    nextScheduledRunTimestamp: Date.UTC(2026, 2, 11, 7, 5),
    status: "IN PROGRESS",
    eventCounts: { toSendCount: 12345, sentCount: 10 },
    errorDetails: null,
    ...overrides,
  };
}

const retries = (count: number, last: number | null = LAST_RETRY) => ({
  error: "x",
  errorDetails: "y",
  recoverableErrorRetries: count,
  recoverableErrorLastRetryTimestamp: last,
});

const failed = (status: ScheduledErrorStatus, errorDetails: ScheduledCampaign["errorDetails"] = retries(0)) =>
  campaign({ status, errorDetails, nextScheduledRunTimestamp: null });

describe("the scheduled merge error catalogue (002 §8)", () => {
  it("has an entry for every error status", () => {
    expect(Object.keys(scheduledErrorCatalogue).sort()).toEqual([...SCHEDULED_ERROR_STATUSES].sort());
  });

  it.each([
    ["TOO COMPLEX REGEXP", "The draft is too long."],
    [
      "SPREADSHEET DELETED",
      "The spreadsheet used by your mail merge could not be found. Create a new spreadsheet to send another mail merge.",
    ],
    ["INVALID DRAFT", "The draft used by your mail merge couldn't be properly processed."],
    [
      "DRAFT NOT FOUND",
      "The draft used by your mail merge was deleted. If you still want to send it, create a new draft, then schedule a new mail merge.",
    ],
    [
      "USER PROPERTY NOT FOUND",
      "An unrecoverable error related to your user account has occurred and this mail merge cannot be sent anymore. It will be deleted when you create a new scheduled mail merge.",
    ],
  ] as const)("%s has one message, recoverable or not", (status, text) => {
    expect(scheduledMessage(failed(status, retries(1)), PARIS, SAME_DAY)).toEqual({ kind: "error", text });
    expect(scheduledMessage(failed(status, retries(5)), PARIS, SAME_DAY)).toEqual({ kind: "error", text });
    expect(scheduledMessage(failed(status, null), PARIS, SAME_DAY)).toEqual({ kind: "error", text });
  });

  it.each([
    [
      "UNKNOWN ERROR",
      "An unexpected error occurred. Sending will be attempted again today at 11:30 AM.",
      "An unexpected error occurred. If you still want to send it, please schedule a new merge.",
    ],
    [
      "NAMED RANGE DELETED",
      "The email address column has been altered. Open this sheet and then open YAMM and that's it, it will solve the issue. Sending will be attempted again today at 11:30 AM.",
      "The email address column has been altered. If you still want to send it, please schedule a new merge.",
    ],
    [
      "SHEET DELETED",
      "The sheet used by your mail merge could not be found. Sending will be attempted again today at 11:30 AM. Make sure you restore the sheet before then.",
      "The sheet used by your mail merge could not be found. All attempts to send failed. If you still want to send it, please restore your sheet and then schedule a new merge.",
    ],
  ] as const)(
    "%s: recoverable below 5 retries with a last retry, otherwise final",
    (status, recoverable, otherwise) => {
      // Last retry 10:30 in Paris, plus 1 hour.
      expect(scheduledMessage(failed(status, retries(0)), PARIS, SAME_DAY)?.text).toBe(recoverable);
      expect(scheduledMessage(failed(status, retries(4)), PARIS, SAME_DAY)?.text).toBe(recoverable);
      expect(scheduledMessage(failed(status, retries(5)), PARIS, SAME_DAY)?.text).toBe(otherwise);
      expect(scheduledMessage(failed(status, retries(9)), PARIS, SAME_DAY)?.text).toBe(otherwise);
      expect(scheduledMessage(failed(status, retries(1, null)), PARIS, SAME_DAY)?.text).toBe(otherwise);
      expect(scheduledMessage(failed(status, null), PARIS, SAME_DAY)?.text).toBe(otherwise);
    },
  );

  it("puts the last retry plus 1 hour in the user's time zone", () => {
    const unknown = failed("UNKNOWN ERROR", retries(2));
    expect(scheduledMessage(unknown, "UTC", SAME_DAY)?.text).toContain("again today at 10:30 AM.");
    expect(scheduledMessage(unknown, PARIS, SAME_DAY)?.text).toContain("again today at 11:30 AM.");
    // New York is on summer time (UTC-4) from March 8, 2026.
    expect(scheduledMessage(unknown, "America/New_York", SAME_DAY)?.text).toContain("again today at 6:30 AM.");
    // 9:30 UTC + 1 h = 10:30 UTC, 21:30 in Sydney (UTC+11 in March), the same day there.
    expect(scheduledMessage(unknown, "Australia/Sydney", SAME_DAY)?.text).toContain("again today at 9:30 PM.");
  });

  it("names the date when the next attempt is not on the user's current day", () => {
    const lateRetry = failed("SHEET DELETED", retries(1, Date.UTC(2026, 2, 10, 23, 30)));
    // 23:30 UTC + 1 h = 01:30 on March 11 in Paris, seen on March 10.
    expect(scheduledMessage(lateRetry, PARIS, SAME_DAY)?.text).toContain("again today at Mar. 11, 1:30 AM.");
  });

  it("tells an in-progress merge without a next run that its quota ran out", () => {
    const outOfQuota = campaign({ nextScheduledRunTimestamp: null });
    expect(isOutOfQuota(outOfQuota)).toBe(true);
    expect(scheduledMessage(outOfQuota, PARIS, SAME_DAY)).toEqual({ kind: "quota", text: OUT_OF_QUOTA_MESSAGE });
    expect(OUT_OF_QUOTA_MESSAGE).toBe(
      "Your mail merge could not be sent in full because your sending quota was insufficient. It will resume as soon as your quota resets.",
    );
  });

  it("has nothing to say about a merge in progress with a next run", () => {
    expect(scheduledMessage(campaign(), PARIS, SAME_DAY)).toBeNull();
  });
});

describe("isRecoverable", () => {
  it("needs a last retry and fewer than 5 retries", () => {
    expect(isRecoverable(retries(4))).toBe(true);
    expect(isRecoverable(retries(5))).toBe(false);
    expect(isRecoverable(retries(0, null))).toBe(false);
    expect(isRecoverable(null)).toBe(false);
  });
});

describe("deliveryDate", () => {
  it("is 'Upon quota reset' when out of quota", () => {
    expect(deliveryDate(campaign({ nextScheduledRunTimestamp: null }), PARIS)).toBe("Upon quota reset");
  });

  it("is '-' for a failed merge without a next run", () => {
    expect(deliveryDate(failed("DRAFT NOT FOUND"), PARIS)).toBe("-");
  });

  it("is the next run in the user's time zone", () => {
    expect(deliveryDate(campaign(), PARIS)).toBe("Mar. 11, 8:05 AM");
    expect(deliveryDate(campaign(), "UTC")).toBe("Mar. 11, 7:05 AM");
  });
});

describe("rows and the dialog", () => {
  it("formats a row, with German thousands and an icon for errors and quota", () => {
    const row = scheduledRow(campaign(), PARIS, SAME_DAY);
    expect(row).toEqual({
      campaignId: "42",
      spreadsheetName: "Spring newsletter",
      sheetName: "Contacts",
      createdAt: "Mar. 1, 1:00 PM",
      nextRun: "Mar. 11, 8:05 AM",
      emails: "12.345",
      sheetKey: "1AbC-xyz_09-123456",
      indicator: null,
    });
    expect(scheduledRow(failed("INVALID DRAFT"), PARIS, SAME_DAY).indicator).toEqual({
      kind: "error",
      label: "Error: The draft used by your mail merge couldn't be properly processed.",
    });
    expect(scheduledRow(campaign({ nextScheduledRunTimestamp: null }), PARIS, SAME_DAY).indicator).toEqual({
      kind: "warning",
      label: `Warning: ${OUT_OF_QUOTA_MESSAGE}`,
    });
  });

  it("fills the dialog", () => {
    const detail = scheduledDetail(campaign({ nextScheduledRunTimestamp: null }), PARIS, SAME_DAY);
    expect(detail).toMatchObject({
      title: "Spring newsletter",
      emails: "12.345",
      deliveryDate: "Upon quota reset",
      message: { kind: "quota", text: OUT_OF_QUOTA_MESSAGE },
    });
  });
});

describe("the list's query", () => {
  it("keeps only the list's own parameters", () => {
    expect(listSearch("?q=news&sort=time&dir=asc&page=2&confirm=cancel&cancel=success&x=1")).toBe(
      "?q=news&sort=time&dir=asc&page=2",
    );
    expect(listSearch("?confirm=cancel")).toBe("");
  });

  it("goes back to the list with the result of a cancellation", () => {
    expect(listAfterCancel("/1/a/mail-merges/scheduled", "?q=news&confirm=cancel", "success")).toBe(
      "/1/a/mail-merges/scheduled?q=news&cancel=success",
    );
    expect(listAfterCancel("/1/a/mail-merges/scheduled", "", "error")).toBe("/1/a/mail-merges/scheduled?cancel=error");
  });

  it("reads the result, ignoring anything else", () => {
    expect(cancelResultOf(new URLSearchParams("cancel=success"))).toBe("success");
    expect(cancelResultOf(new URLSearchParams("cancel=error"))).toBe("error");
    expect(cancelResultOf(new URLSearchParams("cancel=<b>"))).toBeNull();
    expect(cancelResultOf(new URLSearchParams(""))).toBeNull();
  });
});
