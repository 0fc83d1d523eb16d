import { Hono, type Context } from "hono";
import { sentCampaignQuery } from "../domain/list-queries";
import { findSentCampaign, listPollResponses, listPollResults, listSentCampaigns } from "../store/sent-campaigns";
import type { AppEnv, RouteDeps } from "./app-env";
import { requireActiveMembership, requireCampaignScope } from "./caller";
import { HttpError } from "./errors";
import { LIST_LIMITS } from "./list-limits";
import { requireIdToken } from "./require-session";
import { listQuerySchema, parseQuery } from "./validation";
import { sentCampaignDetailView, sentCampaignView } from "./views/campaign-views";

export const campaignNotFound = () => new HttpError(404, "campaign_not_found");

const sentListQuery = listQuerySchema(sentCampaignQuery, LIST_LIMITS);

/**
 * v2 API: the caller's sent mail merges (002 §7 Mail merges), their detail and
 * poll, always within one space the caller is an active member of. Every call
 * also needs the session's backend ID token in X-ID-Token.
 */
export function campaignsRoutes({ db }: RouteDeps) {
  const routes = new Hono<AppEnv>();

  routes.get("/users/me/campaigns", async (c) => {
    await requireIdToken(db, c);
    const query = parseQuery(c, sentListQuery);
    const { user } = await requireActiveMembership(db, c, query.filterBy.workspaceId);
    const rows = await listSentCampaigns(db, user.id, query.filterBy, query.sortBy, {
      limit: query.limit,
      offset: query.limitOffset,
    });
    return c.json({ items: rows.map(sentCampaignView) });
  });

  /** The caller's campaign of the path in the space of the query; 404 when unknown, someone else's or another space's. */
  async function requireOwnCampaign(c: Context<AppEnv>) {
    await requireIdToken(db, c);
    const scope = await requireCampaignScope(db, c);
    const campaign = await findSentCampaign(db, scope, c.req.param("campaignId") ?? "");
    if (!campaign) throw campaignNotFound();
    return campaign;
  }

  routes.get("/users/me/campaigns/:campaignId", async (c) => {
    return c.json(sentCampaignDetailView(await requireOwnCampaign(c)));
  });

  routes.get("/users/me/campaigns/:campaignId/pollResults", async (c) => {
    const campaign = await requireOwnCampaign(c);
    return c.json({ items: await listPollResults(db, campaign.id) });
  });

  routes.get("/users/me/campaigns/:campaignId/pollResponses", async (c) => {
    const campaign = await requireOwnCampaign(c);
    return c.json({ items: await listPollResponses(db, campaign.id) });
  });

  return routes;
}
