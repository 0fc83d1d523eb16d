import { data } from "@remix-run/node";
import { z } from "zod";
import { isBackendError } from "~/api/http.server";
import { addOrInviteMembers, checkInvitations, checkMembers } from "~/api/members.server";
import { parseEmailTags } from "~/domain/email-tags";
import { genericErrorTexts } from "~/domain/error-texts";
import { IDEMPOTENCY_FIELD, newIdempotencyKey } from "~/domain/idempotency";
import { idempotencyKeySchema } from "~/domain/idempotency-schema";
import { memberRefusalTexts } from "~/domain/member-refusals";
import { ADD_FIELD, addTexts, type AddMode, userLimitBlock } from "~/domain/members";
import { spacePath, spaceSections } from "~/domain/space-paths";
import { redirectInSession } from "~/utils/auth.server";
import type { SpaceContext } from "~/utils/space.server";

/*
 * Adding people to a space, shared by the members page (002 §2, §5) and the
 * legacy checkout's users page (001 §2 Add users dialog, §5): who may add
 * and how, the dialog's data, and the add itself.
 */

/**
 * 002 §2: per-seat spaces add members on seats, legacy team plans add users,
 * the older model invites; owners and admins may, members when the space
 * lets them (000 §4), unless invitations are restricted.
 */
export function addMode(space: SpaceContext): AddMode | null {
  const { workspace, access } = space;
  if (workspace.restrictions.INVITATION) return null;
  if (access.role === "MEMBER" && !workspace.memberInviteUser) return null;
  if (workspace.isPerSeat) return "add";
  if (workspace.workspacePlan !== "LEGACY") return "invite";
  // 002 §2: legacy team plans add users within their limit; other legacy plans get the legacy notice.
  return workspace.legacyType === "TEAM" ? "addUsers" : "blocked";
}

/** The plan row's allowed user count (002 §5): the legacy team's places, the free users' limit. */
export function userLimit(space: SpaceContext, userPlan: "FREE" | "PRO") {
  return space.workspace.workspaceFeatures.find((features) => features.userPlan === userPlan)?.allowedUserCount ?? 0;
}

/**
 * The add (or invite) dialog's data: its kind, the domain sentence, the
 * seats left, the legacy limit with the places left and why Add users is
 * closed, and a fresh once-only key.
 */
export function addDialog(space: SpaceContext, availableSeats: number | null, paidCount: number, open: boolean) {
  const mode = addMode(space);
  if (!mode) return null;
  const legacyLimit = mode === "addUsers" ? userLimit(space, "PRO") : null;
  const closedBy = legacyLimit === null ? null : userLimitBlock(legacyLimit, paidCount, 0);
  return {
    mode,
    open: open && closedBy === null,
    closedBy,
    domains: space.workspace.workspaceDomains.map((domain) => domain.domainName),
    availableSeats: mode === "add" ? availableSeats : null,
    legacyLimit,
    paidCount,
    suggestPath: spacePath(space.urlPrefix, `${spaceSections.users}/suggest`),
    idempotencyKey: newIdempotencyKey(),
  };
}

export type AddDialogData = NonNullable<ReturnType<typeof addDialog>>;

/** Where the add goes, and what it checks first. */
export interface AddTarget {
  /** The page (with its banner) once every address was taken. */
  done: (added: number, mode: Exclude<AddMode, "blocked">) => string;
  /**
   * 001 §5: the addresses and the paid users already there may not pass the
   * plan's user limit, and each address is checked (onlyCheckValidity)
   * before any is added.
   */
  checkFirst?: { limit: number; paidCount: number };
}

const reasonOf = (code: string) => addTexts.reasons[code] ?? addTexts.otherReason;

const addSchema = z.object({
  [ADD_FIELD]: z.string().max(20_000).default(""),
  [IDEMPOTENCY_FIELD]: idempotencyKeySchema,
});

/** At most this many addresses per submission (the backend's limit). */
const MAX_ADDRESSES = 100;

export interface AddAnswer {
  /** What stays in the box: the refused addresses, or everything after a failure. */
  text: string;
  refused: Array<{ email: string; reason: string }>;
  added: number;
  formError: string | null;
}

/**
 * Add members, add users or invite users (002 §2, §5): the addresses are
 * lower-cased and deduplicated; the invite variant checks them first and
 * sends only the valid ones. All accepted: back to the page with the banner.
 * Some refused: the dialog stays open with each refused address and why,
 * keeping them in the box; a failure keeps everything typed. With
 * `checkFirst`, nothing is added unless every address may be.
 */
export async function addMembers(space: SpaceContext, formData: FormData, target: AddTarget) {
  const mode = addMode(space);
  if (!mode || mode === "blocked") throw new Response("You may not add members to this space", { status: 403 });
  const parsed = addSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) throw new Response("Bad request", { status: 400 });
  const text = parsed.data[ADD_FIELD];
  const emails = parseEmailTags(text).map((tag) => tag.email);
  const answer = (fields: Partial<AddAnswer>, status: number) =>
    data({ add: { text, refused: [], added: 0, formError: null, ...fields } satisfies AddAnswer }, { status });
  if (emails.length === 0) return answer({ formError: addTexts.required }, 400);
  if (emails.length > MAX_ADDRESSES) return answer({ formError: addTexts.otherReason }, 400);

  const workspaceId = space.workspace.workspaceId;
  if (target.checkFirst) {
    const { limit, paidCount } = target.checkFirst;
    if (paidCount + emails.length > limit) return answer({ formError: addTexts.userLimit(limit) }, 400);
    try {
      const checked = await checkMembers(space.auth, workspaceId, emails);
      const refusedFirst = checked.flatMap((item) =>
        item.errorMsg ? [{ email: item.email, reason: reasonOf(item.errorMsg) }] : [],
      );
      if (refusedFirst.length > 0) return answer({ text: emails.join(", "), refused: refusedFirst }, 400);
    } catch (error) {
      if (error instanceof Response) throw error;
      return answer({ formError: genericErrorTexts.title }, 502);
    }
  }
  let refused: AddAnswer["refused"];
  let added: number;
  try {
    const checked = mode === "invite" ? await checkInvitations(space.auth, workspaceId, emails) : null;
    const toSend = checked ? checked.filter((item) => item.errorMsg === null).map((item) => item.email) : emails;
    const result =
      toSend.length > 0
        ? await addOrInviteMembers(
            space.auth,
            workspaceId,
            mode === "invite" ? "invite" : "add",
            toSend,
            parsed.data[IDEMPOTENCY_FIELD],
          )
        : { results: [] };
    const reasons = [
      ...(checked ?? []).flatMap((item) => (item.errorMsg ? [{ email: item.email, code: item.errorMsg }] : [])),
      ...result.results.flatMap((item) =>
        item.errorDetails ? [{ email: item.userEmail, code: item.errorDetails }] : [],
      ),
    ];
    refused = reasons.map(({ email, code }) => ({ email, reason: reasonOf(code) }));
    added = result.results.filter((item) => item.errorDetails === null).length;
  } catch (error) {
    if (error instanceof Response) throw error;
    // The invitation mail limits (backend/README.md): nothing was sent, and waiting is the way.
    if (isBackendError(error, 429)) return answer({ formError: memberRefusalTexts.mailLimit.sending }, 429);
    return answer({ formError: genericErrorTexts.title }, 502);
  }
  if (refused.length === 0) throw redirectInSession(space.auth, target.done(added, mode));
  return answer({ text: refused.map((item) => item.email).join(", "), refused, added }, 400);
}
