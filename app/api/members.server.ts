import { z } from "zod";
import type { AuthContext } from "./caller.server";
import { isTransferCandidate } from "~/domain/general-settings";
import { roleRank } from "~/domain/roles";
import { buildFilterBy } from "./list-filter.server";
import { type BackendPath, backendPath, optionalTimestamp, timestamp } from "./http.server";
import { memberStatusSchema, nullableString, roleSchema, userPlanSchema } from "./schemas";

const spaceManagerSchema = z.object({
  userId: z.string(),
  userName: z
    .string()
    .nullish()
    .transform((value) => value ?? ""),
  userEmail: z.string(),
  userRole: roleSchema,
});
export type SpaceManager = z.infer<typeof spaceManagerSchema>;

const managersAnswerSchema = z.object({ items: z.array(spaceManagerSchema) });

/** The most a space lists as its owner and admins in the Upgrade info dialog. */
const MANAGERS_LIMIT = 20;

/**
 * GET /workspaces/{id}/members (v1, 002 §7) filtered to the active owner and
 * admins: whom a member must ask to upgrade (000 §2). Owner first, then admins by name.
 */
export async function listSpaceManagers(auth: AuthContext, workspaceId: string): Promise<SpaceManager[]> {
  const answer = await auth.call({
    base: "v1",
    path: backendPath`/workspaces/${workspaceId}/members`,
    query: { filterBy: buildFilterBy({ role: ["OWNER", "ADMIN"], status: ["ACTIVE"] }), limit: MANAGERS_LIMIT },
    schema: managersAnswerSchema,
  });
  return answer.items
    .filter((member) => member.userRole !== "MEMBER")
    .sort((a, b) => roleRank[b.userRole] - roleRank[a.userRole] || a.userName.localeCompare(b.userName));
}

/**
 * The space's owner (GET /workspaces/{id}/members, filterBy=role:OWNER, limit 1):
 * whom a member asks to upgrade on the unsubscription and bounce pages (002 §6).
 * Null when the space lists no owner.
 */
export async function getSpaceOwner(auth: AuthContext, workspaceId: string): Promise<SpaceManager | null> {
  const answer = await auth.call({
    base: "v1",
    path: backendPath`/workspaces/${workspaceId}/members`,
    query: { filterBy: buildFilterBy({ role: ["OWNER"] }), limit: 1 },
    schema: managersAnswerSchema,
  });
  return answer.items.find((member) => member.userRole === "OWNER") ?? null;
}

const candidateSchema = spaceManagerSchema.extend({ status: z.string(), seatType: nullableString });
export type TransferCandidate = z.infer<typeof candidateSchema>;

/** The backend's largest page of members (002 §7), and the most members one change may name. */
const MEMBERS_PAGE = 100;

/**
 * The members who may become the owner (002 §5): the active admins and
 * members (GET /workspaces/{id}/members, page by page), those holding a YAMM
 * seat, by name.
 */
export async function listTransferCandidates(auth: AuthContext, workspaceId: string): Promise<TransferCandidate[]> {
  const members: TransferCandidate[] = [];
  for (let offset = 0; ; offset += MEMBERS_PAGE) {
    const answer = await auth.call({
      base: "v1",
      path: backendPath`/workspaces/${workspaceId}/members`,
      query: {
        filterBy: buildFilterBy({ role: ["ADMIN", "MEMBER"], status: ["ACTIVE"] }),
        limit: MEMBERS_PAGE,
        limitOffset: offset,
      },
      schema: z.object({ items: z.array(candidateSchema) }),
    });
    members.push(...answer.items);
    if (answer.items.length < MEMBERS_PAGE) break;
  }
  return members
    .filter(isTransferCandidate)
    .sort((a, b) => (a.userName || a.userEmail).localeCompare(b.userName || b.userEmail));
}

const memberSchema = z.object({
  userId: z.string(),
  userEmail: z.string(),
  userName: z
    .string()
    .nullish()
    .transform((value) => value ?? ""),
  userRole: roleSchema,
  userPlan: userPlanSchema,
  seatType: nullableString,
  status: memberStatusSchema,
  createTimestamp: timestamp,
  isPersonal: z.boolean().default(false),
  freeTrialEndTimestamp: optionalTimestamp,
  isScheduledToBeDowngraded: z.boolean().default(false),
  isUserInDomain: z.boolean().default(true),
  /** 001 §3 Checkout user: marked for removal on the legacy users page. */
  toBeRemoved: z.boolean().default(false),
});
export type Member = z.infer<typeof memberSchema>;

const membersPageSchema = z.object({
  items: z.array(memberSchema),
  /** 002 §3 Member counts: the paid ones (the type change's last-paid rule) and the free ones (activation). */
  counts: z.object({ paid: z.number().int(), free: z.number().int() }),
});

export interface MembersQuery {
  /** Part of the name or e-mail; empty means no filter. */
  search: string;
  sortBy: string;
  limit: number;
  limitOffset: number;
}

/** One page of the members list (GET /workspaces/{id}/members, 002 §7). */
export function listMembers(auth: AuthContext, workspaceId: string, query: MembersQuery) {
  return auth.call({
    base: "v1",
    path: backendPath`/workspaces/${workspaceId}/members`,
    query: {
      filterBy: buildFilterBy({ search: query.search }),
      sortBy: query.sortBy,
      limit: query.limit,
      limitOffset: query.limitOffset,
    },
    schema: membersPageSchema,
  });
}

/**
 * Every member of the space matching the search, in the given order, page by
 * page (the checkout's user tables need them all: 001 §2).
 */
export async function listAllMembers(
  auth: AuthContext,
  workspaceId: string,
  query: Pick<MembersQuery, "search" | "sortBy">,
) {
  const members: Member[] = [];
  for (let offset = 0; ; offset += MEMBERS_PAGE) {
    const page = await listMembers(auth, workspaceId, { ...query, limit: MEMBERS_PAGE, limitOffset: offset });
    members.push(...page.items);
    if (page.items.length < MEMBERS_PAGE) return members;
  }
}

/**
 * The members who cannot be made paid here (GET /workspaces/{id}/members/promote-validity,
 * 002 §7), by id, with their error code (already_paid_user). Errors yield an empty list (002 §7).
 */
export async function listPromoteRestrictions(auth: AuthContext, workspaceId: string) {
  try {
    const answer = await auth.call({
      base: "v1",
      path: backendPath`/workspaces/${workspaceId}/members/promote-validity`,
      schema: z.object({ items: z.array(z.object({ userId: z.string(), errorCode: z.string() })) }),
    });
    return answer.items;
  } catch (error) {
    if (error instanceof Response) throw error;
    return [];
  }
}

/** The most suggestions one keyword shows. */
const SUGGESTIONS_LIMIT = 8;

/**
 * Colleagues who could be added (GET /users/suggest, 002 §7): users of the
 * space's domains not in it yet whose name or e-mail starts with the keyword.
 */
export async function suggestMembers(auth: AuthContext, workspaceId: string, keyword: string) {
  const answer = await auth.call({
    base: "v2",
    path: backendPath`/users/suggest`,
    query: { searchKeyword: keyword, workspaceId, limit: SUGGESTIONS_LIMIT },
    schema: z.object({ items: z.array(z.object({ userEmail: z.string(), userName: nullableString })) }),
  });
  return answer.items.map((item) => ({ email: item.userEmail, name: item.userName ?? item.userEmail }));
}

const addAnswerSchema = z.object({
  success: z.boolean(),
  results: z.array(z.object({ userEmail: z.string(), errorDetails: nullableString })),
});

/**
 * Adds members (POST /workspaces/{id}/users/v1, 002 §7: per-seat and legacy
 * team spaces) or invites users (POST …/invitations, the older model): each
 * address with its refusal, null for those added or invited.
 */
export function addOrInviteMembers(
  auth: AuthContext,
  workspaceId: string,
  how: "add" | "invite",
  userEmails: string[],
  idempotencyKey: string,
) {
  return auth.call({
    base: "v1",
    method: "POST",
    path:
      how === "add"
        ? backendPath`/workspaces/${workspaceId}/users/v1`
        : backendPath`/workspaces/${workspaceId}/invitations`,
    body: { userEmails },
    idempotencyKey,
    schema: addAnswerSchema,
  });
}

/** POST /workspaces/{id}/invitations?onlyCheckValidity=true (002 §5): each address with its refusal, null when it may be invited. */
export async function checkInvitations(auth: AuthContext, workspaceId: string, userEmails: string[]) {
  const answer = await auth.call({
    base: "v1",
    method: "POST",
    path: backendPath`/workspaces/${workspaceId}/invitations`,
    query: { onlyCheckValidity: true },
    body: { userEmails },
    schema: z.object({ items: z.array(z.object({ email: z.string(), errorMsg: nullableString })) }),
  });
  return answer.items;
}

/**
 * POST /workspaces/{id}/members?onlyCheckValidity=true (001 §5, §7): each
 * address with its refusal, null when it may be added; nothing is stored.
 */
export async function checkMembers(auth: AuthContext, workspaceId: string, userEmails: string[]) {
  const answer = await auth.call({
    base: "v1",
    method: "POST",
    path: backendPath`/workspaces/${workspaceId}/members`,
    query: { onlyCheckValidity: true },
    body: { userEmails },
    schema: z.object({ items: z.array(z.object({ userEmail: z.string(), errorMsg: nullableString })) }),
  });
  return answer.items.map((item) => ({ email: item.userEmail, errorMsg: item.errorMsg }));
}

/**
 * PATCH /workspaces/{id}/members (001 §4 Legacy users page): who is kept and
 * who goes with the licence, in batches of the backend's page of members (it
 * takes at most that many marks per call). A failed batch leaves earlier ones
 * applied, which is harmless: marks count only at the purchase, and Next
 * sends the whole list again.
 */
export async function markMembersToBeRemoved(
  auth: AuthContext,
  workspaceId: string,
  members: Array<{ userId: string; toBeRemoved: boolean }>,
) {
  for (let start = 0; start < members.length; start += MEMBERS_PAGE) {
    await auth.call({
      base: "v1",
      method: "PATCH",
      path: backendPath`/workspaces/${workspaceId}/members`,
      body: { members: members.slice(start, start + MEMBERS_PAGE) },
    });
  }
}

export interface MemberChange {
  method: "PUT" | "DELETE";
  /** Under /workspaces/{id}/. */
  path: BackendPath;
  body: unknown;
}

/** The member changes of 002 §7 (remove, change role, activate, resend and cancel invitations): each one's call. */
export const memberChanges = {
  remove: (userIds: string[]): MemberChange => ({ method: "DELETE", path: backendPath`members`, body: { userIds } }),
  changeRole: (memberRoles: Array<{ userId: string; userRole: "ADMIN" | "MEMBER" }>): MemberChange => ({
    method: "PUT",
    path: backendPath`members/change-role`,
    body: { memberRoles },
  }),
  activate: (userIds: string[]): MemberChange => ({
    method: "PUT",
    path: backendPath`members/activate`,
    body: { userIds },
  }),
  resend: (invitedUserEmails: string[]): MemberChange => ({
    method: "PUT",
    path: backendPath`invitations/resend`,
    body: { invitedUserEmails },
  }),
  cancelInvitation: (invitedUserEmails: string[]): MemberChange => ({
    method: "DELETE",
    path: backendPath`invitations`,
    body: { invitedUserEmails },
  }),
};

/** Sends one member change; a refusal arrives as the backend's error (403/404/409 with its reason). */
export async function changeMembers(auth: AuthContext, workspaceId: string, { method, path, body }: MemberChange) {
  await auth.call({ base: "v1", method, path: backendPath`/workspaces/${workspaceId}/${path}`, body });
}
