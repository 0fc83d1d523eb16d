import { defineListQuery, SEARCH_MAX_LENGTH } from "./list-query";

/**
 * The filters and sorts of the mail merge, recipient and team report lists
 * (backend/README.md "v2 and v1: mail merges, recipients, team report,
 * templates"), in the shared list syntax of list-query.ts. The members list
 * has its own module (member-query.ts).
 */

/** A merge is always read or cancelled as its author's, inside the space it was sent from. */
export interface CampaignScope {
  userId: string;
  workspaceId: string;
}

/** `GET /users/me/campaigns`: the caller's sent merges in one space. */
export const sentCampaignQuery = defineListQuery({
  filters: {
    workspaceId: { kind: "id" },
    "lastUpdateTimestamp.gte": { kind: "timestamp" },
    "lastUpdateTimestamp.lte": { kind: "timestamp" },
    search: { kind: "search", maxLength: SEARCH_MAX_LENGTH },
  },
  required: ["workspaceId"],
  sorts: { lastUpdateTimestamp: "desc", mergeSourceSheetTitle: "asc" },
  defaultSort: "lastUpdateTimestamp",
});
export type SentCampaignFilter = ReturnType<typeof sentCampaignQuery.parseFilter>;
export type SentCampaignSort = ReturnType<typeof sentCampaignQuery.parseSort>;

/** `GET /users/me/scheduled-campaigns`: the caller's scheduled merges in one space. */
export const scheduledCampaignQuery = defineListQuery({
  filters: {
    workspaceId: { kind: "id" },
    search: { kind: "search", maxLength: SEARCH_MAX_LENGTH },
  },
  required: ["workspaceId"],
  sorts: { createTimestamp: "desc", nextScheduledRun: "asc", mergeSourceSheetTitle: "asc" },
  defaultSort: "createTimestamp",
});
export type ScheduledCampaignFilter = ReturnType<typeof scheduledCampaignQuery.parseFilter>;
export type ScheduledCampaignSort = ReturnType<typeof scheduledCampaignQuery.parseSort>;

/** `GET /users/me/workspaces/{id}/unsubscriptions` and `…/bounces`. */
export const recipientQuery = defineListQuery({
  filters: { search: { kind: "search", maxLength: SEARCH_MAX_LENGTH } },
  sorts: { emailAddress: "asc", createTimestamp: "desc" },
  defaultSort: "emailAddress",
});
export type RecipientFilter = ReturnType<typeof recipientQuery.parseFilter>;
export type RecipientSort = ReturnType<typeof recipientQuery.parseSort>;

/** 002 §3: the team report lists ACTIVE members, and LEGACY ones on legacy plans. */
export const TEAM_REPORT_MEMBER_STATUSES = ["ACTIVE", "LEGACY"] as const;
export type TeamReportMemberStatus = (typeof TEAM_REPORT_MEMBER_STATUSES)[number];

/** `GET /workspaces/{id}/team-report/members`. */
export const teamReportQuery = defineListQuery({
  filters: {
    memberStatus: { kind: "enum", values: TEAM_REPORT_MEMBER_STATUSES },
    search: { kind: "search", maxLength: SEARCH_MAX_LENGTH },
  },
  sorts: { userName: "asc", emailSentAllTime: "desc", emailSentThisMonth: "desc" },
  defaultSort: "emailSentThisMonth",
});
export type TeamReportFilter = ReturnType<typeof teamReportQuery.parseFilter>;
export type TeamReportSort = ReturnType<typeof teamReportQuery.parseSort>;
