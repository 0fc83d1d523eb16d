import type { CheckoutDraftTables } from "./tables/checkout-drafts";
import type { EventTables } from "./tables/events";
import type { IdempotencyKeyTables } from "./tables/idempotency-keys";
import type { InvitationTables } from "./tables/invitations";
import type { LicenseRenewalTables } from "./tables/license-renewals";
import type { ListVersionTables } from "./tables/list-versions";
import type { MailMergeTables } from "./tables/mail-merges";
import type { PromotionTables } from "./tables/promotions";
import type { RecipientTables } from "./tables/recipients";
import type { SessionTables } from "./tables/sessions";
import type { SubscriptionTables } from "./tables/subscriptions";
import type { TemplateTables } from "./tables/templates";
import type { UserTables } from "./tables/users";
import type { WorkspaceTables } from "./tables/workspaces";

/**
 * The Kysely database type. Each area declares its tables in db/tables/ and is
 * added here, alongside its migration in db/migrations/ and its seed in db/seed/.
 */
export interface Database
  extends UserTables,
    WorkspaceTables,
    SessionTables,
    PromotionTables,
    EventTables,
    InvitationTables,
    LicenseRenewalTables,
    ListVersionTables,
    MailMergeTables,
    RecipientTables,
    TemplateTables,
    IdempotencyKeyTables,
    SubscriptionTables,
    CheckoutDraftTables {}

export type { SqlBoolean } from "./tables/users";
