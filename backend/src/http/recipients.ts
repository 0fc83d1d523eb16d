import { Hono } from "hono";
import { z } from "zod";
import type { RecipientTable } from "../db/tables/recipients";
import type { WorkspaceUserFeature } from "../domain/features";
import type { Role } from "../domain/enums";
import { recipientQuery } from "../domain/list-queries";
import { addRecipients, deleteRecipientsById, findVisibleRecipients, listRecipients } from "../store/recipients";
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
  /** Whether the space shares this list with the caller: new entries are then WORKSPACE-type. */
  shared(features: WorkspaceUserFeature): boolean;
  /** Whether this member may delete a WORKSPACE-type entry (002 §6). */
  mayDeleteSharedEntry(role: Role, features: WorkspaceUserFeature): boolean;
  notFound: string;
}

const KINDS: RecipientKind[] = [
  {
    table: "unsubscriptions",
    listPath: "unsubscriptions",
    addPath: "workspace-activation-add-unsubscriptions",
    deletePath: "workspace-activation-delete-unsubscriptions",
    // 000 §6: sharing needs the feature and a non-FREE user plan.
    shared: (features) => features.otherFeatures.shareUnsubscribesAcrossWorkspace && features.userPlan !== "FREE",
    // The delete button is disabled for WORKSPACE entries when the user is a MEMBER and sharing is on.
    mayDeleteSharedEntry: (role, features) => !(role === "MEMBER" && KINDS[0]!.shared(features)),
    notFound: "unsubscription_not_found",
  },
  {
    table: "bounces",
    listPath: "bounces",
    addPath: "workspace-activation-add-bounces",
    deletePath: "workspace-activation-delete-bounces",
    shared: (features) => features.otherFeatures.shareBouncesAccrossWorkspace && features.userPlan !== "FREE",
    // A MEMBER without the sharedBounces feature cannot delete workspace-type bounces.
    mayDeleteSharedEntry: (role, features) => role !== "MEMBER" || KINDS[1]!.shared(features),
    notFound: "bounce_not_found",
  },
];

const recipientListQuery = listQuerySchema(recipientQuery, LIST_LIMITS);

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
 * v2 API: unsubscriptions and bounces (002 §7): list, add, delete. The caller
 * sees the space's WORKSPACE entries and their own USER ones.
 */
export function recipientsRoutes({ db }: RouteDeps) {
  const routes = new Hono<AppEnv>();

  for (const kind of KINDS) {
    routes.get(`/users/me/workspaces/:workspaceId/${kind.listPath}`, async (c) => {
      const query = parseQuery(c, recipientListQuery);
      const { workspace, user } = await requireActiveMembership(db, c, c.req.param("workspaceId"));
      const rows = await listRecipients(
        db,
        kind.table,
        { workspaceId: workspace.id, userId: user.id },
        query.filterBy,
        query.sortBy,
        { limit: query.limit, offset: query.limitOffset },
      );
      return c.json({ items: rows.map(recipientView) });
    });

    routes.post(`/users/${kind.addPath}/me`, async (c) => {
      const body = await parseJsonBody(c, addBody);
      const membership = await requireActiveMembership(db, c, body.workspaceId);
      const features = await memberFeatures(db, membership);
      const updated = await addRecipients(db, kind.table, {
        workspaceId: membership.workspace.id,
        userId: membership.user.id,
        type: kind.shared(features) ? "WORKSPACE" : "USER",
        emails: [...new Set(body.emailAddresses)],
        now: Date.now(),
      });
      return c.json({ updated });
    });

    routes.delete(`/users/${kind.deletePath}/me/:workspaceId/:emailAddress`, async (c) => {
      const membership = await requireActiveMembership(db, c, c.req.param("workspaceId"));
      const email = c.req.param("emailAddress").trim().toLowerCase();
      const entries = await findVisibleRecipients(
        db,
        kind.table,
        { workspaceId: membership.workspace.id, userId: membership.user.id },
        [email],
      );
      if (entries.length === 0) throw new HttpError(404, kind.notFound);
      if (entries.some((entry) => entry.type === "WORKSPACE")) {
        const features = await memberFeatures(db, membership);
        if (!kind.mayDeleteSharedEntry(membership.membership.role, features)) {
          throw forbidden("a member cannot delete the space's shared entries");
        }
      }
      await deleteRecipientsById(
        db,
        kind.table,
        entries.map((entry) => entry.id),
      );
      return c.body(null, 204);
    });
  }

  return routes;
}
