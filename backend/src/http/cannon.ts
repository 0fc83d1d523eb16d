import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv, RouteDeps } from "./app-env";
import { parseQuery } from "./validation";

const cannonQuery = z.object({ project: z.string().min(1), placement: z.string().min(1) });

/** v1 API: the sidebar's promotions, returned as stored (incomplete items included). */
export function cannonRoutes({ db }: RouteDeps) {
  const routes = new Hono<AppEnv>();

  routes.get("/cannon", async (c) => {
    const { project, placement } = parseQuery(c, cannonQuery);
    const rows = await db
      .selectFrom("promotions")
      .select(["name", "description", "image", "type", "url", "product_id"])
      .where("project", "=", project)
      .where("placement", "=", placement)
      .orderBy("position")
      .execute();
    return c.json({
      // A placement is switched on by having promotions.
      enabled: rows.length > 0,
      promotions: rows.map(({ product_id, ...promotion }) => ({ ...promotion, productId: product_id })),
    });
  });

  return routes;
}
