import type { Role, UserPlan, WorkspacePlan } from "./account-types";
import { formatCount } from "./format";
import type { ListQueryOptions } from "./list-query";

/**
 * The unsubscription and bounce lists (002 §2, §5, §6, §8): one page
 * implementation, parameterised by kind. This module holds the texts (the
 * spec's own strings, typos included: "ocurred") and the pure rules; the
 * browser may import it (no zod, no server code).
 */

export type RecipientKind = "unsubscription" | "bounce";
export type RecipientType = "WORKSPACE" | "USER";

/** Sorting in the URL: `sort=email|date`; 002 §2: the address ascending by default. */
export type RecipientSort = "email" | "date";
export const recipientListOptions: ListQueryOptions<RecipientSort> = {
  sorts: ["email", "date"],
  defaultSort: "email",
  defaultDirs: { email: "asc", date: "desc" },
};
/** The backend's sort keys (002 §7). */
export const recipientSortKeys: Record<RecipientSort, "emailAddress" | "createTimestamp"> = {
  email: "emailAddress",
  date: "createTimestamp",
};

/** The intents of a recipients page's one action. */
export const recipientIntents = { add: "add", delete: "delete" } as const;
export type RecipientIntent = (typeof recipientIntents)[keyof typeof recipientIntents];

/** Field names of the forms. */
export const recipientFields = { intent: "intent", emails: "emails", address: "address" } as const;

/** Query parameters: the confirmation dialog and the feedback of the last write. */
export const recipientParams = { confirm: "confirm", result: "result", count: "count" } as const;

/** Texts both pages share. */
export const sharedRecipientTexts = {
  error: "An error ocurred. Please try again.",
  invalidEmail: "Email is invalid",
  proceed: "Yes, proceed",
  cancel: "No, cancel",
  emailColumn: "Email address",
  dateColumn: "Date",
  deleteColumn: "Delete",
  deleteLink: "Delete",
  deleteLabel: (email: string) => `Delete ${email}`,
  exportCsv: "Export to CSV",
  invalidIntro: "These entries are not valid email addresses and were not added:",
  noAddress: "Enter at least one email address.",
  tooMany: (max: number) => `You can add at most ${formatCount(max)} email addresses at a time.`,
  dismiss: "Dismiss",
  upgrade: "Upgrade your space",
  theSpaceOwner: "the space owner",
} as const;

const unsubscriptionTexts = {
  inputLabel: "Email addresses to unsubscribe",
  placeholder: "Enter email addresses separated by commas",
  submit: "Unsubscribe",
  added: (count: number) => `${formatCount(count)} email address(es) successfully unsubscribed.`,
  noneAdded: "These email addresses were already unsubscribed.",
  deleted: "1 unsubscribed email address successfully deleted.",
  confirmTitle: "Remove this recipient from your unsubscribe list?",
  confirmShared: "It will be removed from your unsubscribes list and the unsubscribes lists of all your spaces.",
  emptyText: "There are no unsubscriptions",
  noMatchText: "Sorry, there is no unsubscribed email address that fits with your search.",
  searchLabel: "Search unsubscriptions",
  searchPlaceholder: "Search email addresses",
  tableCaption: "Unsubscribed email addresses",
  deleteBlocked:
    "Addresses unsubscribed for the whole space are shared with every paid user: only the space owner or an admin can remove them.",
  csvFileKind: "unsubscriptions",
} as const;

const bounceTexts = {
  inputLabel: "Email addresses to add to the bounce list",
  placeholder: "Enter email addresses separated by commas",
  submit: "Add to bounce list",
  // 002 §8 gives 'N email addresses …' for every N, 1 included (the catalogue's texts are exact).
  added: (count: number) => `${formatCount(count)} email addresses successfully added to bounce list`,
  noneAdded: "These email addresses were already on the bounce list",
  deleted: "1 bounced email address successfully deleted",
  confirmTitle: "Remove this recipient from your bounce list?",
  confirmShared: "It will be removed from your bounce list and the bounce lists of all your spaces.",
  emptyText: "There are no bounces",
  noMatchText: "Sorry, there is no bounced email address that fits with your search.",
  searchLabel: "Search bounces",
  searchPlaceholder: "Search email addresses",
  tableCaption: "Bounced email addresses",
  deleteBlocked:
    "Bounces added for the whole space are shared with every paid user: only a paid user of the space can remove them.",
  csvFileKind: "bounces",
} as const;

export type RecipientTexts = typeof unsubscriptionTexts | typeof bounceTexts;

export const recipientTexts: Record<RecipientKind, RecipientTexts> = {
  unsubscription: unsubscriptionTexts,
  bounce: bounceTexts,
};

/** The membership facts the rules below read. */
export interface RecipientMembership {
  userRole: Role;
  userPlan: UserPlan;
  workspaceUserFeature: {
    otherFeatures: { shareUnsubscribesAcrossWorkspace: boolean; shareBouncesAccrossWorkspace: boolean };
  };
}

/**
 * 000 §6: a list is shared across the space when the member has the matching
 * feature (sharedUnsubscribes / sharedBounces) and is not on the FREE user plan.
 */
export function isListShared(
  kind: RecipientKind,
  membership: Pick<RecipientMembership, "userPlan" | "workspaceUserFeature">,
) {
  const features = membership.workspaceUserFeature.otherFeatures;
  const feature =
    kind === "unsubscription" ? features.shareUnsubscribesAcrossWorkspace : features.shareBouncesAccrossWorkspace;
  return feature && membership.userPlan !== "FREE";
}

/** What a member may do with the space's WORKSPACE entries of one list; their own USER entries are always theirs. */
export interface RecipientRights {
  /** The list is shared with them: they see the space's entries, and what they add becomes one. */
  shared: boolean;
  /** They may delete the space's entries, for everyone the list is shared with. */
  deletesShared: boolean;
}

/**
 * The sharing rule, the same as the backend's (backend/src/domain/features.ts,
 * recipientRights). 000 §6: without sharing a member has a list of their own
 * only, whatever their role, so nobody sees or edits entries of a list that is
 * not shared with them. 002 §6: with sharing on, a MEMBER cannot delete the
 * space's unsubscriptions (the owner and admins can), while the space's
 * bounces are deletable by every member who shares them.
 */
export function recipientRights(kind: RecipientKind, membership: RecipientMembership): RecipientRights {
  const shared = isListShared(kind, membership);
  return { shared, deletesShared: shared && (kind === "bounce" || membership.userRole !== "MEMBER") };
}

/** A USER entry in a member's list is their own: other members' entries never reach them. */
export function canSeeRecipient(rights: RecipientRights, type: RecipientType) {
  return type === "USER" || rights.shared;
}

export function canDeleteRecipient(rights: RecipientRights, type: RecipientType) {
  return type === "USER" || rights.deletesShared;
}

/** A piece of an explanatory paragraph: text, the upgrade link, or the owner's address. */
export type ExplainerSegment = { text: string } | { upgradeLink: string } | { ownerEmail: string };

export interface ExplainerInput {
  kind: RecipientKind;
  shared: boolean;
  isOwner: boolean;
  workspacePlan: WorkspacePlan;
  /** The SHARED_UNSUBS restriction (unsubscriptions only: SHARED_BOUNCES hides the bounces page). */
  restricted: boolean;
  spaceName: string;
  /** For non-owners without sharing: whom to ask. Null when unknown. */
  ownerEmail: string | null;
}

/**
 * The explanatory text of a recipients page (002 §6): what the list does,
 * then, unless restricted, whether it is shared. Without sharing an owner
 * gets an upgrade link (to /space/billing) and anyone else is told to ask
 * the owner, whose address is shown. Premium spaces read differently.
 */
export function recipientsExplainer(input: ExplainerInput): ExplainerSegment[][] {
  const { kind, shared, isOwner, workspacePlan, restricted, spaceName, ownerEmail } = input;
  const premium = workspacePlan === "PREMIUM";
  const what = kind === "unsubscription" ? "unsubscribes" : "bounces";
  const intro =
    kind === "unsubscription"
      ? "Recipients on this list won't receive your mail merges. They are added when someone clicks the unsubscribe link of one of your emails, and you can add addresses yourself."
      : "Recipients on this list won't receive your mail merges: emails sent to them could not be delivered. Bounced addresses are added automatically, and you can add addresses yourself.";

  // The restriction holds back the sharing part, not the sharing: the page claims nothing about it, and the
  // delete dialog still says where a shared entry is removed from (002 §2).
  if (restricted) return [[{ text: intro }]];

  if (shared) {
    const sharing = premium
      ? `Your ${what} are shared across your Premium space ${spaceName}: nobody in ${spaceName} will send a mail merge to these recipients, and what you add or remove here applies to everyone.`
      : `Your ${what} are shared with every paid user of ${spaceName}: none of them will send a mail merge to these recipients, and what you add or remove here applies to all of them.`;
    return [[{ text: intro }], [{ text: sharing }]];
  }

  const notShared = `Your ${what} are not shared with the rest of ${spaceName}.`;
  if (isOwner) {
    const why = premium
      ? ` Sharing ${what} is part of paid plans:`
      : ` Paid spaces share ${what} between all their paid users, so that nobody in the space emails these recipients again.`;
    return [
      [{ text: intro }],
      [{ text: `${notShared}${why} ` }, { upgradeLink: sharedRecipientTexts.upgrade }, { text: " to turn it on." }],
    ];
  }
  const ask = premium
    ? `To share them with the whole Premium space, ask the space owner`
    : `To share them with every paid user of the space, ask the space owner`;
  return [
    [{ text: intro }],
    [
      { text: `${notShared} ${ask}` },
      ...(ownerEmail ? [{ text: " (" }, { ownerEmail }, { text: ")" }] : []),
      { text: " to upgrade." },
    ],
  ];
}

/** The feedback of the last write, from the redirect's query (`?result=added&count=3`, `?result=deleted`). */
export interface RecipientFeedback {
  tone: "success" | "info" | "error";
  text: string;
}

/** The query a successful write redirects with. */
export function feedbackQuery(result: { added: number } | { deleted: true }) {
  return "added" in result
    ? { [recipientParams.result]: "added", [recipientParams.count]: String(result.added) }
    : { [recipientParams.result]: "deleted", [recipientParams.count]: null };
}

/** 002 §2, §8: how many addresses were new; none is a warning, not a success (002 §4). */
export function addedFeedback(kind: RecipientKind, count: number): RecipientFeedback {
  const texts = recipientTexts[kind];
  return count === 0 ? { tone: "info", text: texts.noneAdded } : { tone: "success", text: texts.added(count) };
}

export function feedbackFromParams(kind: RecipientKind, params: URLSearchParams): RecipientFeedback | null {
  const result = params.get(recipientParams.result);
  if (result === "deleted") return { tone: "success", text: recipientTexts[kind].deleted };
  if (result === "added") {
    const raw = params.get(recipientParams.count) ?? "";
    return /^\d{1,6}$/.test(raw) ? addedFeedback(kind, Number(raw)) : null;
  }
  return null;
}

/** The same query without the feedback and dialog parameters: where a dismissal or a write goes back to. */
export function withoutRecipientState(params: URLSearchParams) {
  const rest = new URLSearchParams(params);
  rest.delete(recipientParams.result);
  rest.delete(recipientParams.count);
  rest.delete(recipientParams.confirm);
  return rest;
}
