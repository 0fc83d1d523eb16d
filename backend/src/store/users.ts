import { sql } from "kysely";
import type { PaymentSource } from "../domain/enums";
import type { BackendDb } from "../db/connection";

export type UserRow = NonNullable<Awaited<ReturnType<typeof findUserByEmail>>>;

export function findUserByEmail(db: BackendDb, email: string) {
  return db.selectFrom("users").selectAll().where("email", "=", email.toLowerCase()).executeTakeFirst();
}

export function findUserById(db: BackendDb, userId: string) {
  return db.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirst();
}

export interface NewUser {
  id: string;
  email: string;
  name: string;
  picture: string | null;
  isPersonal: boolean;
  installationTimestamp: number | null;
  lastUpdateTimestamp: number;
  addonWorkspaceId: string | null;
  isPerSeat: boolean;
  license?: { subscriptionId: string; paymentSource: PaymentSource } | null;
  totalMailsSent?: number;
}

export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf("@") + 1).toLowerCase();
}

export async function insertUser(db: BackendDb, user: NewUser): Promise<void> {
  await db
    .insertInto("users")
    .values({
      id: user.id,
      email: user.email.toLowerCase(),
      name: user.name,
      picture: user.picture,
      is_personal: user.isPersonal ? 1 : 0,
      installation_timestamp: user.installationTimestamp,
      last_update_timestamp: user.lastUpdateTimestamp,
      domain_name: emailDomain(user.email),
      addon_workspace_id: user.addonWorkspaceId,
      is_per_seat: user.isPerSeat ? 1 : 0,
      license_subscription_id: user.license?.subscriptionId ?? null,
      license_payment_source: user.license?.paymentSource ?? null,
      total_mails_sent: user.totalMailsSent ?? 0,
    })
    .execute();
}

/** Every space of the user, disabled memberships included, in the order the switcher lists them. */
export function listMembershipsOfUser(db: BackendDb, userId: string) {
  return db
    .selectFrom("workspace_members as m")
    .innerJoin("workspaces as w", "w.id", "m.workspace_id")
    .select([
      "w.id as workspaceId",
      "w.name as workspaceName",
      "w.slug",
      "w.plan",
      "w.legacy_type as legacyType",
      "w.is_per_seat as isPerSeat",
      "m.role",
      "m.user_plan as userPlan",
      "m.status",
    ])
    .where("m.user_id", "=", userId)
    .orderBy(sql`w.name collate nocase`)
    .orderBy("w.id")
    .execute();
}

/** `%`, `_` and the escape character itself are literal in a user's keyword. */
function likePrefix(keyword: string): string {
  return `${keyword.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export interface SuggestQuery {
  callerId: string;
  keyword: string;
  /** The space the caller adds members to: its members are not suggested again. */
  workspaceId: string;
  /** The space's own domains (public mail domains already left out): only their users are suggested. */
  domains: string[];
  limit: number;
}

/**
 * Users of the space's domains not yet in it, matching the keyword at the
 * start of their e-mail, name, or any word of the name (001 Add users dialog).
 */
export function suggestUsers(db: BackendDb, query: SuggestQuery) {
  if (query.domains.length === 0) return Promise.resolve([]);
  const pattern = likePrefix(query.keyword);
  return db
    .selectFrom("users as u")
    .select(["u.email", "u.name"])
    .where("u.id", "!=", query.callerId)
    .where("u.domain_name", "in", query.domains)
    .where("u.id", "not in", (eb) =>
      eb.selectFrom("workspace_members").select("user_id").where("workspace_id", "=", query.workspaceId),
    )
    .where((eb) =>
      eb.or([
        sql<boolean>`u.email like ${pattern} escape '\\'`,
        sql<boolean>`u.name like ${pattern} escape '\\'`,
        sql<boolean>`u.name like ${`% ${pattern}`} escape '\\'`,
      ]),
    )
    .orderBy("u.email")
    .limit(query.limit)
    .execute();
}

/** The user ids of these (lower-cased) addresses, for those that have a user. */
export async function userIdsByEmail(db: BackendDb, emails: readonly string[]) {
  const rows = await db
    .selectFrom("users")
    .select(["id", "email"])
    .where("email", "in", emails.length > 0 ? [...emails] : [""])
    .execute();
  return new Map(rows.map((row) => [row.email, row.id]));
}
