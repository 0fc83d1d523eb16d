import { recipientFormSchema } from "./recipient-form-schema";
import { IDEMPOTENCY_FIELD, newIdempotencyKey } from "~/domain/idempotency";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { logEvent } from "~/api/events.server";
import { isBackendError } from "~/api/http.server";
import { rowsOrNoneIfRefused } from "~/api/list-filter.server";
import { getSpaceOwner } from "~/api/members.server";
import { addRecipients, deleteRecipient, listRecipients, type Recipient } from "~/api/recipients.server";
import { MAX_EMAIL_INPUT_LENGTH, MAX_EMAIL_TAGS, summariseEmailTags } from "~/domain/email-tags";
import { formatCsvDateTime, formatDateTime } from "~/domain/zoned-format";
import {
  canonicalSearch,
  emptyReason,
  listHref,
  listParamValues,
  pageOf,
  pageWindow,
  parseListQuery,
  type ListQuery,
} from "~/domain/list-query";
import {
  addedFeedback,
  canDeleteRecipient,
  canSeeRecipient,
  feedbackFromParams,
  feedbackQuery,
  recipientFields,
  recipientIntents,
  recipientListOptions,
  recipientParams,
  recipientRights,
  recipientSortKeys,
  recipientsExplainer,
  recipientTexts,
  sharedRecipientTexts,
  withoutRecipientState,
  type RecipientFeedback,
  type RecipientKind,
  type RecipientSort,
} from "~/domain/recipients";
import { spacePath, spaceSections } from "~/domain/space-paths";
import { redirectInSession } from "~/utils/auth.server";
import { vouchedQuery } from "~/utils/banner-links.server";
import { spaceCsvResponse } from "~/utils/csv-export.server";
import { requireCanonicalListUrl } from "~/utils/canonical-list-url.server";
import {
  planContext,
  requireAccess,
  requireSpace,
  requireSpaceWith,
  type SpaceCaller,
  type SpaceContext,
} from "~/utils/space.server";
import { timeZoneFromCookieHeader } from "~/utils/time-zone";

/**
 * The server half of the unsubscriptions and bounces pages (002 §2, §5, §6,
 * §7): one loader, one action and one CSV export, parameterised by kind. The
 * route modules only call these, so zod and the backend clients stay out of
 * the browser build.
 */

/** The space, for a recipients page: bounces are hidden when the rules say so (000 §6). */
async function requireRecipientsSpace(args: LoaderFunctionArgs | ActionFunctionArgs, kind: RecipientKind) {
  const space = await requireSpace(args);
  requireRecipientsAccess(space, kind);
  return space;
}

function requireRecipientsAccess(space: SpaceContext, kind: RecipientKind) {
  if (kind === "bounce") requireAccess(space, (access) => access.canAccessBounces);
}

function backendListQuery(query: ListQuery<RecipientSort>) {
  return { search: query.q, sortBy: recipientSortKeys[query.sort], dir: query.dir };
}

/** Whom a member asks to upgrade; the page still explains without it. */
async function ownerEmailOrNull({ auth, workspaceId }: SpaceCaller) {
  try {
    return (await getSpaceOwner(auth, workspaceId))?.userEmail ?? null;
  } catch (error) {
    if (error instanceof Response) throw error;
    return null;
  }
}

export async function loadRecipientsPage(args: LoaderFunctionArgs, kind: RecipientKind) {
  const url = new URL(args.request.url);
  const query = parseListQuery(url.searchParams, recipientListOptions);
  // Whom a member asks is asked for with the rows, before the member's rights are known (one round):
  // an owner's or admin's page leaves that answer unread.
  const { space, answers } = await requireSpaceWith(args, (caller) =>
    Promise.all([
      rowsOrNoneIfRefused(
        listRecipients(caller.auth, kind, caller.workspaceId, {
          ...backendListQuery(query),
          ...pageWindow(query.page),
        }),
      ),
      ownerEmailOrNull(caller),
    ]),
  );
  requireRecipientsAccess(space, kind);
  const { membership, workspace, urlPrefix } = space;
  requireCanonicalListUrl(url, listParamValues(query, recipientListOptions));
  const rights = recipientRights(kind, membership);
  const isOwner = membership.userRole === "OWNER";
  const restricted = kind === "unsubscription" && workspace.restrictions.SHARED_UNSUBS;
  const asksOwner = !rights.shared && !isOwner && !restricted;

  const [fetched, owner] = await answers;
  const ownerEmail = asksOwner ? owner : null;
  const { rows, hasNextPage } = pageOf(fetched);
  const timeZone = timeZoneFromCookieHeader(args.request.headers.get("Cookie"));
  const now = Date.now();
  // The backend already lists only what the rule lets this member see; a backend that sends more shows no more.
  const tableRows = rows
    .filter((row) => canSeeRecipient(rights, row.type))
    .map((row) => ({
      email: row.emailAddress,
      date: formatDateTime(shownTimestamp(row), timeZone, now),
      dateTime: new Date(shownTimestamp(row)).toISOString(),
      type: row.type,
      canDelete: canDeleteRecipient(rights, row.type),
    }));

  // The confirmation dialog is URL state (?confirm=<address>); an entry this member may not delete gets none.
  const confirmParam = (url.searchParams.get(recipientParams.confirm) ?? "").trim();
  const shownRows = tableRows.filter((row) => row.email.toLowerCase() === confirmParam.toLowerCase());
  const confirmable = shownRows.length === 0 || shownRows.some((row) => row.canDelete);
  const confirm = confirmParam && confirmParam.length <= 254 && confirmable ? confirmParam : null;

  const csvQuery = canonicalSearch(new URLSearchParams(), {
    ...listParamValues(query, recipientListOptions),
    page: null,
  });

  return {
    kind,
    query,
    /** The add form's once-only key, new for each rendering. */
    addKey: newIdempotencyKey(),
    rows: tableRows,
    hasNextPage,
    emptyReason: tableRows.length > 0 ? null : emptyReason(query),
    shared: rights.shared,
    explainer: recipientsExplainer({
      kind,
      shared: rights.shared,
      isOwner,
      workspacePlan: workspace.workspacePlan,
      restricted,
      spaceName: workspace.workspaceName,
      ownerEmail,
    }),
    upgradeHref: spacePath(urlPrefix, spaceSections.billing),
    csvHref: `${spacePath(urlPrefix, kind === "unsubscription" ? "unsubscriptions.csv" : "bounces.csv")}${csvQuery}`,
    confirm,
    feedback: feedbackFromParams(kind, vouchedQuery(url.searchParams, space.auth.session)),
  };
}

export type RecipientsPageData = Awaited<ReturnType<typeof loadRecipientsPage>>;

/** What the add form's action answers when it does not redirect. */
export interface AddAnswer {
  intent: "add";
  /** What the textarea shows again. */
  text: string;
  /** Entries that are not addresses, each shown with 'Email is invalid'. */
  invalid: string[];
  /** A message about the whole field. */
  formError: string | null;
  /** The outcome when some addresses were added (the rest were invalid). */
  feedback: RecipientFeedback | null;
}

export interface DeleteAnswer {
  intent: "delete";
  address: string;
  error: string;
}

export interface UnknownIntentAnswer {
  intent: null;
  error: string;
}

export type RecipientsAnswer = AddAnswer | DeleteAnswer | UnknownIntentAnswer;

/** The list's URL after a write: same list state, no dialog, the new feedback. */
function listUrlAfterWrite(request: Request, feedback: Record<string, string | null>) {
  const url = new URL(request.url);
  return listHref(url.pathname, withoutRecipientState(url.searchParams), {
    ...feedback,
    page: url.searchParams.get("page"),
  });
}

/**
 * The page's one action (ARCHITECTURE: one intent per form): `add` adds the
 * typed addresses, `delete` removes one. Cross-site POSTs were refused by
 * requireSpace already; an unknown intent is a 400.
 */
export async function recipientsAction(args: ActionFunctionArgs, kind: RecipientKind) {
  const space = await requireRecipientsSpace(args, kind);
  const formData = await args.request.formData();
  const parsed = recipientFormSchema.safeParse(
    Object.fromEntries([...formData].filter(([, value]) => typeof value === "string")),
  );
  if (!parsed.success) {
    const intent = formData.get(recipientFields.intent);
    if (intent === recipientIntents.delete) {
      const address = String(formData.get(recipientFields.address) ?? "");
      return data<RecipientsAnswer>({ intent: "delete", address, error: sharedRecipientTexts.error }, { status: 400 });
    }
    return data<RecipientsAnswer>({ intent: null, error: sharedRecipientTexts.error }, { status: 400 });
  }
  if (parsed.data.intent === recipientIntents.add) {
    return addAction(args.request, space, kind, parsed.data.emails, parsed.data[IDEMPOTENCY_FIELD]);
  }
  return deleteAction(args.request, space, kind, parsed.data.address);
}

async function addAction(
  request: Request,
  space: SpaceContext,
  kind: RecipientKind,
  text: string,
  idempotencyKey: string,
) {
  const refuse = (answer: Partial<AddAnswer>, status = 400) =>
    data<RecipientsAnswer>(
      { intent: "add", text, invalid: [], formError: null, feedback: null, ...answer },
      { status },
    );

  if (text.length > MAX_EMAIL_INPUT_LENGTH) return refuse({ formError: sharedRecipientTexts.tooMany(MAX_EMAIL_TAGS) });
  const { tags, valid, invalid, tooMany } = summariseEmailTags(text);
  if (tags.length === 0) return refuse({ formError: sharedRecipientTexts.noAddress });
  // 002 §5: only valid tags are sent; with none, nothing is.
  if (valid.length === 0) return refuse({ invalid });
  if (tooMany) return refuse({ formError: sharedRecipientTexts.tooMany(MAX_EMAIL_TAGS), invalid });

  let added: number;
  try {
    added = await addRecipients(space.auth, kind, space.workspace.workspaceId, valid, idempotencyKey);
  } catch (error) {
    if (error instanceof Response) throw error;
    return refuse({ formError: sharedRecipientTexts.error, invalid }, 502);
  }
  if (kind === "unsubscription") {
    await logEvent(
      space.auth,
      "manual_unsubscribe",
      { count: added, submitted: valid.length, ...planContext(space) },
      { onceFor: idempotencyKey },
    );
  }

  // 002 §4: success clears the input. With invalid entries left, they stay in the box, each flagged.
  if (invalid.length === 0) throw redirectInSession(space.auth, listUrlAfterWrite(request, feedbackQuery({ added })));
  return data<RecipientsAnswer>({
    intent: "add",
    text: invalid.join(", "),
    invalid,
    formError: null,
    feedback: addedFeedback(kind, added),
  });
}

async function deleteAction(request: Request, space: SpaceContext, kind: RecipientKind, address: string) {
  const texts = recipientTexts[kind];
  const refuse = (error: string, status: number) =>
    data<RecipientsAnswer>({ intent: "delete", address, error }, { status });
  const workspaceId = space.workspace.workspaceId;

  // The rule of 002 §6 holds here too, not only on the disabled button.
  let entries: Recipient[];
  try {
    const candidates = await listRecipients(space.auth, kind, workspaceId, {
      search: address,
      sortBy: "emailAddress",
      dir: "asc",
      limit: 50,
      limitOffset: 0,
    });
    entries = candidates.filter((candidate) => candidate.emailAddress.toLowerCase() === address.toLowerCase());
  } catch (error) {
    if (error instanceof Response) throw error;
    return refuse(sharedRecipientTexts.error, 502);
  }
  // The member may see an address twice (the space's entry and their own); one they may delete is enough.
  const rights = recipientRights(kind, space.membership);
  const deletable = entries.find((entry) => canDeleteRecipient(rights, entry.type));
  if (entries.length === 0) return refuse(sharedRecipientTexts.error, 404);
  if (!deletable) return refuse(texts.deleteBlocked, 403);

  try {
    await deleteRecipient(space.auth, kind, workspaceId, deletable.emailAddress);
  } catch (error) {
    if (error instanceof Response) throw error;
    if (isBackendError(error, 403)) return refuse(texts.deleteBlocked, 403);
    return refuse(sharedRecipientTexts.error, isBackendError(error, 404) ? 404 : 502);
  }
  throw redirectInSession(space.auth, listUrlAfterWrite(request, feedbackQuery({ deleted: true })));
}

/** 002 §3: an entry's date is its last update, or its creation when it has none. */
function shownTimestamp(row: Recipient) {
  return row.lastUpdateTimestamp ?? row.createTimestamp;
}

/** The list with its current search and sort as a CSV download (002 §2, §9), up to 30,000 rows. */
export async function recipientsCsv(args: LoaderFunctionArgs, kind: RecipientKind) {
  const url = new URL(args.request.url);
  const query = parseListQuery(url.searchParams, recipientListOptions);
  const timeZone = timeZoneFromCookieHeader(args.request.headers.get("Cookie"));
  return spaceCsvResponse<Recipient>(
    args,
    ({ auth, workspaceId }, window) =>
      listRecipients(auth, kind, workspaceId, { ...backendListQuery(query), ...window }),
    (space) => {
      requireRecipientsAccess(space, kind);
      const rights = recipientRights(kind, space.membership);
      return {
        kind,
        fileKind: recipientTexts[kind].csvFileKind,
        header: [sharedRecipientTexts.emailColumn, sharedRecipientTexts.dateColumn],
        keep: (row) => canSeeRecipient(rights, row.type),
        toRecord: (row) => [row.emailAddress, formatCsvDateTime(shownTimestamp(row), timeZone)],
      };
    },
  );
}
