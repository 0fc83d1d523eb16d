import type { Migration } from "kysely";
import { usersMigration } from "./0001-users";
import { workspacesMigration } from "./0002-workspaces";
import { sentMailCountersMigration } from "./0003-sent-mail-counters";
import { sessionsMigration } from "./0004-sessions";
import { promotionsMigration } from "./0005-promotions";
import { eventsMigration } from "./0006-events";
import { membersAndInvitationsMigration } from "./0008-members-and-invitations";
import { licenseRenewalsMigration } from "./0009-license-renewals";
import { listVersionsMigration } from "./0010-list-versions";
import { mailMergesMigration } from "./0011-mail-merges";
import { recipientsMigration } from "./0012-recipients";
import { templatesMigration } from "./0013-templates";
import { idempotencyKeysMigration } from "./0014-idempotency-keys";
import { tokenRotationMigration } from "./0015-token-rotation";
import { seedSecretMigration } from "./0016-seed-secret";
import { outboxMailsMigration } from "./0017-outbox-mails";
import { seatsMigration } from "./0018-seats";
import { stripeBillingMigration } from "./0019-stripe-billing";
import { checkoutDraftsMigration } from "./0020-checkout-drafts";
import { perUserBillingMigration } from "./0021-per-user-billing";
import { onePurchaseMigration } from "./0022-one-purchase";
import { idempotencyFingerprintsMigration } from "./0023-idempotency-fingerprints";
import { invitationMailLimitsMigration } from "./0024-invitation-mail-limits";
import { settledPurchasesMigration } from "./0025-settled-purchases";

/**
 * Every migration, keyed by its name. Kysely runs them in key order and records
 * the names it has applied, so never rename or reorder a key: append new areas
 * with the next number.
 */
export const migrations: Record<string, Migration> = {
  "0001-users": usersMigration,
  "0002-workspaces": workspacesMigration,
  "0003-sent-mail-counters": sentMailCountersMigration,
  "0004-sessions": sessionsMigration,
  "0005-promotions": promotionsMigration,
  "0006-events": eventsMigration,
  "0008-members-and-invitations": membersAndInvitationsMigration,
  "0009-license-renewals": licenseRenewalsMigration,
  "0010-list-versions": listVersionsMigration,
  "0011-mail-merges": mailMergesMigration,
  "0012-recipients": recipientsMigration,
  "0013-templates": templatesMigration,
  "0014-idempotency-keys": idempotencyKeysMigration,
  "0015-token-rotation": tokenRotationMigration,
  "0016-seed-secret": seedSecretMigration,
  "0017-outbox-mails": outboxMailsMigration,
  "0018-seats": seatsMigration,
  "0019-stripe-billing": stripeBillingMigration,
  "0020-checkout-drafts": checkoutDraftsMigration,
  "0021-per-user-billing": perUserBillingMigration,
  "0022-one-purchase": onePurchaseMigration,
  "0023-idempotency-fingerprints": idempotencyFingerprintsMigration,
  "0024-invitation-mail-limits": invitationMailLimitsMigration,
  "0025-settled-purchases": settledPurchasesMigration,
};
