import { Hono } from "hono";
import { z } from "zod";
import { scheduledCampaignQuery } from "../domain/list-queries";
import {
  countCampaigns,
  deleteScheduledCampaign,
  findScheduledCampaign,
  listScheduledCampaigns,
} from "../store/scheduled-campaigns";
import type { AppEnv, RouteDeps } from "./app-env";
import { campaignNotFound } from "./campaigns";
import { requireActiveMembership, requireCampaignScope } from "./caller";
import { LIST_LIMITS } from "./list-limits";
import { listQuerySchema, parseQuery } from "./validation";
import { scheduledCampaignView } from "./views/campaign-views";

const scheduledListQuery = listQuerySchema(scheduledCampaignQuery, LIST_LIMITS);
const countQuery = z.object({
  isScheduled: z.enum(["true", "false"], { required_error: "isScheduled is required (true or false)" }),
});

/** v2 API: the caller's scheduled mail merges (002 §7 Mail merges) in one space: list, one, cancel, count. */
export function scheduledCampaignsRoutes({ db }: RouteDeps) {
  const routes = new Hono<AppEnv>();

  routes.get("/users/me/scheduled-campaigns", async (c) => {
    const query = parseQuery(c, scheduledListQuery);
    const { user } = await requireActiveMembership(db, c, query.filterBy.workspaceId);
    const rows = await listScheduledCampaigns(db, user.id, query.filterBy, query.sortBy, {
      limit: query.limit,
      offset: query.limitOffset,
    });
    return c.json({ items: rows.map(scheduledCampaignView) });
  });

  routes.get("/users/me/scheduled-campaigns/:campaignId", async (c) => {
    const campaign = await findScheduledCampaign(db, await requireCampaignScope(db, c), c.req.param("campaignId"));
    if (!campaign) throw campaignNotFound();
    return c.json(scheduledCampaignView(campaign));
  });

  // The spec's own spelling (002 §7): camelCase here, kebab-case for reading.
  routes.delete("/users/me/scheduledCampaigns/:campaignId", async (c) => {
    const scope = await requireCampaignScope(db, c);
    if (!(await deleteScheduledCampaign(db, scope, c.req.param("campaignId")))) throw campaignNotFound();
    return c.body(null, 204);
  });

  routes.get("/users/me/workspaces/:workspaceId/campaigns/count", async (c) => {
    const { isScheduled } = parseQuery(c, countQuery);
    const { user, workspace } = await requireActiveMembership(db, c, c.req.param("workspaceId"));
    const campaignCount = await countCampaigns(
      db,
      user.id,
      workspace.id,
      isScheduled === "true" ? "scheduled" : "sent",
    );
    return c.json({ campaignCount });
  });

  return routes;
}
