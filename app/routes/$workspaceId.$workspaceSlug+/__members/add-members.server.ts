import { data } from "@remix-run/node";
import { z } from "zod";
import { isBackendError } from "~/api/http.server";
import { addOrInviteMembers, checkInvitations, checkMembers } from "~/api/members.server";
import { SEAT_COUNT_PARAM } from "~/domain/checkout-flow";
import { parseEmailTags } from "~/domain/email-tags";
import { genericErrorTexts } from "~/domain/error-texts";
import { IDEMPOTENCY_FIELD, newIdempotencyKey } from "~/domain/idempotency";
import { idempotencyKeySchema } from "~/domain/idempotency-schema";
import { memberRefusalTexts } from "~/domain/member-refusals";
import {
  ADD_FIELD,
  ADD_MAX_ADDRESSES,
  type AddRoom,
  addTexts,
  userLimitBlock,
} from "~/domain/add-members";
import type { AddMode } from "~/domain/add-members-link";
import { upgradeAction } from "~/domain/shell-nav";
import { spacePath, spaceSections } from "~/domain/space-paths";
import { redirectInSession } from "~/utils/auth.server";
import type { SpaceContext } from "~/utils/space.server";
import { managesSeats, type SeatChangeRefusal, seatCheckoutLinks } from "../__billing/space-billing.server";

/** The space's member counts the room is counted from (002 §3 Member counts). */
interface MemberCounts {
  paid: number;
  free: number;
}

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

/** What the add dialog knows of the space's seats: how many are left, and whether the seat checkout adds some. */
export interface AddSeats {
  availableSeats: number;
  changeRefusal: SeatChangeRefusal | null;
}

/**
 * The room newcomers take a place in (AddRoom), as the backend places them:
 * a paying per-seat space's seats (known to owners and admins), the legacy
 * team's paid users, or else the free members the plan allows.
 */
function addRoom(space: SpaceContext, mode: AddMode, seats: AddSeats | null, counts: MemberCounts): AddRoom {
  if (mode === "addUsers") return { kind: "users", limit: userLimit(space, "PRO"), taken: counts.paid };
  const { isPerSeat, workspacePlan } = space.workspace;
  if (isPerSeat && (workspacePlan === "PRO" || workspacePlan === "PREMIUM")) {
    return seats ? { kind: "seats", left: seats.availableSeats } : null;
  }
  return { kind: "users", limit: userLimit(space, "FREE"), taken: counts.free };
}

/**
 * Where more room comes from (002 §2 navigation targets, §6): the owner adds
 * seats, or upgrades a Free space; anyone else asks the owner (the per-seat
 * notice, or the Upgrade info dialog of a Free space). Null when neither applies.
 */
function moreRoom(space: SpaceContext, room: AddRoom, seats: AddSeats | null) {
  if (room?.kind === "seats") {
    if (!managesSeats(space)) return { kind: "askOwner" as const };
    if (seats?.changeRefusal !== null) return null;
    // The browser adds the seats wanted, as typed: the parameter's name comes along.
    return { kind: "addSeats" as const, href: seatCheckoutLinks(space).addSeats, countParam: SEAT_COUNT_PARAM };
  }
  if (room?.kind !== "users" || space.workspace.workspacePlan !== "FREE") return null;
  const upgrade = upgradeAction(space.access, space.urlPrefix, spacePath(space.urlPrefix, spaceSections.users));
  if (upgrade?.kind === "checkout") return { kind: "upgrade" as const, href: upgrade.href };
  return upgrade ? { kind: "upgradeInfo" as const } : null;
}

/**
 * The add (or invite) dialog's data: its kind, the domain sentence, the
 * room left (seats, or places under a user limit, with why Add is closed
 * when there is none) and where more comes from, and a fresh once-only key.
 */
export function addDialog(
  space: SpaceContext,
  { seats, counts, open }: { seats: AddSeats | null; counts: MemberCounts; open: boolean },
) {
  const mode = addMode(space);
  if (!mode) return null;
  const room = mode === "blocked" ? null : addRoom(space, mode, seats, counts);
  const closedBy = room?.kind === "users" ? userLimitBlock(room.limit, room.taken, 0) : null;
  return {
    mode,
    open: open && closedBy === null,
    closedBy,
    domains: space.workspace.workspaceDomains.map((domain) => domain.domainName),
    room,
    moreRoom: moreRoom(space, room, seats),
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
 * keeping them in the box (with the page's data read anew when some were
 * added); a failure keeps everything typed. With
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
  if (emails.length > ADD_MAX_ADDRESSES) return answer({ formError: addTexts.tooMany(ADD_MAX_ADDRESSES) }, 400);

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
  // Some added is a success in part (200): the page reads its seats and members anew behind the dialog
  // (after a 4xx answer Remix leaves the loaders' data as it was).
  return answer({ text: refused.map((item) => item.email).join(", "), refused, added }, added > 0 ? 200 : 400);
}
