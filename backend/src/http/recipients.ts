import { Hono, type Context } from "hono";
import { z } from "zod";
import type { BackendDb } from "../db/connection";
import type { RecipientTable } from "../db/tables/recipients";
import { mayDeleteRecipient, recipientRights } from "../domain/features";
import { recipientQuery } from "../domain/list-queries";
import {
  addRecipients,
  deleteRecipientsById,
  findVisibleRecipients,
  listRecipients,
  type RecipientScope,
} from "../store/recipients";
import type { AppEnv, RouteDeps } from "./app-env";
import { memberFeatures, requireActiveMembership } from "./caller";
import { forbidden, HttpError } from "./errors";
import { LIST_LIMITS } from "./list-limits";
import { listQuerySchema, parseJsonBody, parseQuery } from "./validation";
import { recipientView } from "./views/recipient-view";

/** 002 §7: an add call takes at most this many addresses. */
export const MAX_ADDED_ADDRESSES = 500;

interface RecipientKind {
  table: RecipientTable;
  /** GET /users/me/workspaces/{workspaceId}/{listPath} */
  listPath: string;
  /** POST /users/{addPath}/me */
  addPath: string;
  /** DELETE /users/{deletePath}/me/{workspaceId}/{emailAddress} */
  deletePath: string;
  notFound: string;
}

const KINDS: RecipientKind[] = [
  {
    table: "unsubscriptions",
    listPath: "unsubscriptions",
    addPath: "workspace-activation-add-unsubscriptions",
    deletePath: "workspace-activation-delete-unsubscriptions",
    notFound: "unsubscription_not_found",
  },
  {
    table: "bounces",
    listPath: "bounces",
    addPath: "workspace-activation-add-bounces",
    deletePath: "workspace-activation-delete-bounces",
    notFound: "bounce_not_found",
  },
];

const recipientListQuery = listQuerySchema(recipientQuery, LIST_LIMITS);

/** The 403's reason when the caller asks to delete an entry of the space that the rule keeps from them. */
const SHARED_ENTRY_REFUSED = "shared_entry_not_deletable";

const addBody = z.object({
  emailAddresses: z
    .array(
      z
        .string()
        .trim()
        .email()
        .transform((email) => email.toLowerCase()),
      { required_error: "emailAddresses is required" },
    )
    .min(1, "at least one e-mail address is required")
    .max(MAX_ADDED_ADDRESSES, `at most ${MAX_ADDED_ADDRESSES} e-mail addresses at once`),
  workspaceId: z.string({ required_error: "WorkspaceId is required" }).trim().min(1, "WorkspaceId is required"),
});

/**
 * The caller's view of one list in a space: whose entries they see, and the
 * rights the one rule (domain/features.ts, recipientRights) gives them, so
 * listing, adding and deleting cannot disagree.
 */
async function callerAccess(db: BackendDb, c: Context<AppEnv>, table: RecipientTable, workspaceId: string) {
  const membership = await requireActiveMembership(db, c, workspaceId);
  const rights = recipientRights(table, membership.membership.role, await memberFeatures(db, membership));
  const scope: RecipientScope = {
    workspaceId: membership.workspace.id,
    userId: membership.user.id,
    seesShared: rights.seesShared,
  };
  return { scope, rights };
}

/**
 * v2 API: unsubscriptions and bounces (002 §7): list, add, delete. The caller
 * sees their own USER entries, and the space's WORKSPACE ones when the list is
 * shared with them; other members' own entries are never theirs.
 */
export function recipientsRoutes({ db }: RouteDeps) {
  const routes = new Hono<AppEnv>();

  for (const kind of KINDS) {
    routes.get(`/users/me/workspaces/:workspaceId/${kind.listPath}`, async (c) => {
      const query = parseQuery(c, recipientListQuery);
      const { scope } = await callerAccess(db, c, kind.table, c.req.param("workspaceId"));
      const rows = await listRecipients(db, kind.table, scope, query.filterBy, query.sortBy, {
        limit: query.limit,
        offset: query.limitOffset,
      });
      return c.json({ items: rows.map(recipientView) });
    });

    routes.post(`/users/${kind.addPath}/me`, async (c) => {
      const body = await parseJsonBody(c, addBody);
      const { scope } = await callerAccess(db, c, kind.table, body.workspaceId);
      const updated = await addRecipients(db, kind.table, {
        ...scope,
        emails: [...new Set(body.emailAddresses)],
        now: Date.now(),
      });
      return c.json({ updated });
    });

    routes.delete(`/users/${kind.deletePath}/me/:workspaceId/:emailAddress`, async (c) => {
      const { scope, rights } = await callerAccess(db, c, kind.table, c.req.param("workspaceId"));
      const email = c.req.param("emailAddress").trim().toLowerCase();
      // The space's entry is looked up even when the list is not shared with the caller, so that
      // deleting it is refused (403) rather than reported absent: it is there, just not theirs.
      const entries = await findVisibleRecipients(db, kind.table, { ...scope, seesShared: true }, [email]);
      if (entries.length === 0) throw new HttpError(404, kind.notFound);
      const deletable = entries.filter((entry) => mayDeleteRecipient(rights, entry.type));
      if (deletable.length === 0) throw forbidden(SHARED_ENTRY_REFUSED);
      await deleteRecipientsById(
        db,
        kind.table,
        deletable.map((entry) => entry.id),
      );
      return c.body(null, 204);
    });
  }

  return routes;
}
