/**
 * The Mail merges page frame's texts (002 §2): heading, summary cards, chart
 * and tabs, verbatim from the spec where the spec gives them. Apart from the
 * Sent tab's (./mail-merges), which the Scheduled tab does not load.
 */
export const mailMergesTexts = {
  title: "Mail merges",
  heading: "Mail Merges",
  quickTutorial: "Quick tutorial",
  cards: {
    label: "Summary",
    scheduled: "Mail merge(s) scheduled",
    sentThisMonth: "Emails sent this month",
    sentAllTime: "Emails sent all time",
    /** 002 §2: the tooltip of both sent cards. */
    sentTooltip: "Excluding form submission notifications.",
    tooltipTrigger: "About this number",
    /** Shown when the scheduled count could not be loaded. */
    unavailable: "-",
  },
  chart: {
    title: "Emails sent in the last 12 months",
    month: "Month",
    emails: "Emails sent",
  },
  tabs: {
    label: "Mail merge lists",
    scheduled: "Scheduled",
    sent: "Sent",
  },
} as const;
