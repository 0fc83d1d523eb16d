/**
 * The results of a sent mail merge as percentages (002 §9): delivered is sent
 * minus bounced; opened, clicked, responded and unsubscribed are measured
 * against delivered, bounced against sent; a division by zero gives 0, and
 * every percentage is rounded to a whole number.
 */

export interface EventCounts {
  sentCount: number;
  openedCount: number;
  clickedCount: number;
  bouncedCount: number;
  respondedCount?: number;
  unsubscribedCount?: number;
}

export interface MailResult {
  count: number;
  /** Whole percent, rounded; may exceed 100 only if the counts themselves are inconsistent. */
  percent: number;
}

export interface MailResults {
  delivered: MailResult;
  opened: MailResult;
  clicked: MailResult;
  responded: MailResult;
  bounced: MailResult;
  unsubscribed: MailResult;
}

/** `part` of `whole` in whole percent; 0 when there is nothing to measure against. */
export function percentOf(part: number, whole: number) {
  if (!Number.isFinite(part) || !Number.isFinite(whole) || whole <= 0) return 0;
  return Math.round((Math.max(0, part) / whole) * 100);
}

/** Sent minus bounced, never below zero. */
export function deliveredCount(counts: Pick<EventCounts, "sentCount" | "bouncedCount">) {
  return Math.max(0, counts.sentCount - counts.bouncedCount);
}

export function mailResults(counts: EventCounts): MailResults {
  const delivered = deliveredCount(counts);
  const againstDelivered = (count: number): MailResult => ({ count, percent: percentOf(count, delivered) });
  return {
    delivered: { count: delivered, percent: percentOf(delivered, counts.sentCount) },
    opened: againstDelivered(counts.openedCount),
    clicked: againstDelivered(counts.clickedCount),
    responded: againstDelivered(counts.respondedCount ?? 0),
    bounced: { count: counts.bouncedCount, percent: percentOf(counts.bouncedCount, counts.sentCount) },
    unsubscribed: againstDelivered(counts.unsubscribedCount ?? 0),
  };
}

/** The order of the bars in the detail dialog (002 §2). */
export const mailResultKeys = ["delivered", "opened", "clicked", "responded", "bounced", "unsubscribed"] as const;
export type MailResultKey = (typeof mailResultKeys)[number];
