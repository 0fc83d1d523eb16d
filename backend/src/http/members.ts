import { Hono } from "hono";
import { z } from "zod";
import { parseMemberFilter, parseMemberSort, type MemberFilter, type MemberSort } from "../domain/member-query";
import { countMembersMatching, listMembers } from "../store/members";
import type { AppEnv, RouteDeps } from "./app-env";
import { requireActiveMembership } from "./caller";
import { pageQuery, parsedBy, parseQuery } from "./validation";
import { memberView } from "./views/member-view";

export const MEMBERS_DEFAULT_LIMIT = 25;
export const MEMBERS_MAX_LIMIT = 100;

const membersQuery = z.object({
  filterBy: parsedBy<MemberFilter>(parseMemberFilter),
  sortBy: parsedBy<MemberSort>(parseMemberSort),
  ...pageQuery(MEMBERS_DEFAULT_LIMIT, MEMBERS_MAX_LIMIT),
});

/** v1 API: a space's members list (002 §7), for any active member of the space. */
export function membersRoutes({ db }: RouteDeps) {
  const routes = new Hono<AppEnv>();

  routes.get("/workspaces/:workspaceId/members", async (c) => {
    const query = parseQuery(c, membersQuery);
    const { workspace } = await requireActiveMembership(db, c, c.req.param("workspaceId"));

    const [rows, total] = await Promise.all([
      listMembers(db, workspace.id, query.filterBy, query.sortBy, { limit: query.limit, offset: query.limitOffset }),
      countMembersMatching(db, workspace.id, query.filterBy),
    ]);
    return c.json({ items: rows.map(memberView), total });
  });

  return routes;
}
