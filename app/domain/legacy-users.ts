import type { ListQueryOptions } from "./list-query";
import { ADD_INTENT } from "./add-members-link";

/*
 * The legacy users page's list state (001 §2 Legacy users screen, §4 Legacy
 * users page): its sorts, and the keep-or-remove choice, which travels in
 * the query as the users whose choice differs from the stored one
 * (`keep=<id>`, `remove=<id>`, as the per-user steps carry `paid` and
 * `free`), so a search, a sort or a reload keeps what was ticked.
 */

export type LegacyUserSort = "email" | "status";

export const legacyUserQueryOptions: ListQueryOptions<LegacyUserSort> = {
  sorts: ["email", "status"],
  defaultSort: "email",
  defaultDirs: { email: "asc", status: "asc" },
};

/** The page's forms: the Add users dialog's (the members page's own), the count's update, and Next. */
export const LEGACY_INTENTS = { add: ADD_INTENT, update: "update", next: "next" } as const;

/** The form field of a kept user's box (and of a kept user the table does not show), repeated. */
export const KEEP_FIELD = "keep";

/** The query parameters of the choice; each names a user, repeated. */
export const LEGACY_CHOICE = { keep: "keep", remove: "remove" } as const;

export interface LegacyUser {
  id: string;
  role: string;
  status: string;
  toBeRemoved: boolean;
}

/** Users whose box cannot be unticked: the owner always stays, a pending invitee cannot be marked (001 §4). */
export const isLegacyLocked = (user: Pick<LegacyUser, "role" | "status">) =>
  user.role === "OWNER" || user.status === "PENDING";

/**
 * Who is kept as the query says (001 §4: every user not marked for removal
 * starts selected): the stored choice, with the query's changes over it;
 * the locked users always.
 */
export function keptByQuery(users: readonly LegacyUser[], query: URLSearchParams) {
  const keep = new Set(query.getAll(LEGACY_CHOICE.keep));
  const remove = new Set(query.getAll(LEGACY_CHOICE.remove));
  const kept = users.filter(
    (user) => isLegacyLocked(user) || keep.has(user.id) || (!user.toBeRemoved && !remove.has(user.id)),
  );
  return new Set(kept.map((user) => user.id));
}

/** Who is kept as a form says: the ids it sends as kept, of this space's users; the locked users always. */
export function keptByForm(users: readonly LegacyUser[], sent: readonly string[]) {
  const ids = new Set(sent);
  return new Set(users.filter((user) => isLegacyLocked(user) || ids.has(user.id)).map((user) => user.id));
}

/**
 * The choice as canonical query parameters: only the users whose choice
 * moves from the stored one, `keep` before `remove`, each list in id order
 * (not the list's order, which follows the sort).
 */
export function choiceQuery(users: readonly LegacyUser[], kept: ReadonlySet<string>) {
  const moved = (toKeep: boolean) =>
    users
      .filter((user) => !isLegacyLocked(user) && user.toBeRemoved === toKeep && kept.has(user.id) === toKeep)
      .map((user) => user.id)
      .sort();
  const query = new URLSearchParams();
  for (const id of moved(true)) query.append(LEGACY_CHOICE.keep, id);
  for (const id of moved(false)) query.append(LEGACY_CHOICE.remove, id);
  return query;
}
