import type { EventTables } from "./tables/events";
import type { InvitationTables } from "./tables/invitations";
import type { LicenseRenewalTables } from "./tables/license-renewals";
import type { PromotionTables } from "./tables/promotions";
import type { SessionTables } from "./tables/sessions";
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
    LicenseRenewalTables {}

export type { SqlBoolean } from "./tables/users";
