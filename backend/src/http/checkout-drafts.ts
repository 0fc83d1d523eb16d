import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv, RouteDeps } from "./app-env";
import { requireActiveMembership } from "./caller";
import { parseJsonBody } from "./validation";
import { readCheckoutDraft, saveCheckoutDraft } from "../store/checkout-drafts";

/** A draft is the checkout form as typed: a few short strings (001 §3 Checkout form, seat quantity). */
const draftSchema = z
  .record(z.string().regex(/^[a-zA-Z]{1,40}$/), z.string().max(512))
  .refine((draft) => Object.keys(draft).length <= 20, "at most 20 fields");

const DRAFT_PATH = "/workspace-billing/workspaces/:workspaceId/checkout-drafts/v1";

/**
 * The caller's checkout answers for a space, kept between the steps (chosen
 * here: the spec keeps them in the browser's session storage, which a page
 * without JavaScript cannot use). Only the caller's own; any active member.
 */
export function checkoutDraftsRoutes({ db }: RouteDeps) {
  const routes = new Hono<AppEnv>();

  routes.get(DRAFT_PATH, async (c) => {
    const { workspace, user } = await requireActiveMembership(db, c, c.req.param("workspaceId") ?? "");
    return c.json({ draft: await readCheckoutDraft(db, user.id, workspace.id) });
  });

  routes.put(DRAFT_PATH, async (c) => {
    const { workspace, user } = await requireActiveMembership(db, c, c.req.param("workspaceId") ?? "");
    const { draft } = await parseJsonBody(c, z.object({ draft: draftSchema }));
    await saveCheckoutDraft(db, { userId: user.id, workspaceId: workspace.id, draft, now: Date.now() });
    return c.body(null, 204);
  });

  return routes;
}
