import { Hono } from "hono";
import { z } from "zod";
import {
  MemberQueryError,
  parseMemberFilter,
  parseMemberSort,
  type MemberFilter,
  type MemberSort,
} from "../domain/member-query";
import { countMembersMatching, listMembers } from "../store/members";
import type { AppEnv, RouteDeps } from "./app-env";
import { requireMembership } from "./caller";
import { forbidden } from "./errors";
import { parseQuery } from "./validation";
import { memberView } from "./views/member-view";

export const MEMBERS_DEFAULT_LIMIT = 25;
export const MEMBERS_MAX_LIMIT = 100;

/** A whole number in a query string, within bounds. */
const queryInteger = (min: number, max: number) =>
  z.string().regex(/^\d+$/, "must be a whole number").transform(Number).pipe(z.number().int().min(min).max(max));

/** Runs a member-query parser inside zod, so its message becomes the 400's reason. */
function parsedBy<T>(parse: (raw: string | undefined) => T) {
  return z
    .string()
    .optional()
    .transform((raw, ctx): T => {
      try {
        return parse(raw);
      } catch (error) {
        if (!(error instanceof MemberQueryError)) throw error;
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: error.message });
        return z.NEVER;
      }
    });
}

const membersQuery = z.object({
  filterBy: parsedBy<MemberFilter>(parseMemberFilter),
  sortBy: parsedBy<MemberSort>(parseMemberSort),
  limit: queryInteger(1, MEMBERS_MAX_LIMIT).default(String(MEMBERS_DEFAULT_LIMIT)),
  limitOffset: queryInteger(0, Number.MAX_SAFE_INTEGER).default("0"),
});

/** v1 API: a space's members list (002 §7), for any active member of the space. */
export function membersRoutes({ db }: RouteDeps) {
  const routes = new Hono<AppEnv>();

  routes.get("/workspaces/:workspaceId/members", async (c) => {
    const query = parseQuery(c, membersQuery);
    const { workspace, membership } = await requireMembership(db, c, c.req.param("workspaceId"));
    // Disabled members (and members of a disabled space) only see the disabled screen (002 §6).
    if (membership.status === "DISABLED" || workspace.status === "DISABLED") throw forbidden("membership is disabled");

    const [rows, total] = await Promise.all([
      listMembers(db, workspace.id, query.filterBy, query.sortBy, { limit: query.limit, offset: query.limitOffset }),
      countMembersMatching(db, workspace.id, query.filterBy),
    ]);
    return c.json({ items: rows.map(memberView), total });
  });

  return routes;
}
