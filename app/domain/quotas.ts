import type { UserPlan } from "./account-types";

/*
 * The daily recipient quotas (000 §9), the one place their numbers live:
 * the billing page, the plan cards, the checkout and the wrong-plan page
 * all say them from here.
 */

/** 000 §9 Daily recipient quotas by user plan: Free 20 (or the user's freeUserQuota), Pro 1500, Pro Personal 400. */
export const RECIPIENTS_PER_DAY = { FREE: 20, PRO: 1500, PRO_PERSONAL: 400 } as const satisfies Record<
  UserPlan,
  number
>;

/** 000 §9: the conditions of the Workspace quota, and the Gmail personal plan's limit on personalised attachments. */
export const QUOTA_CONDITIONS = { maxSentLast24Hours: 500, gmailAttachmentRecipientsPerDay: 100 } as const;

const numbers = new Intl.NumberFormat("en-US");

/** "1,500 recipients per day". */
export const recipientsPerDay = (count: number) => `${numbers.format(count)} recipients per day`;
