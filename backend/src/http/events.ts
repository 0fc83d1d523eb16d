import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv, RouteDeps } from "./app-env";
import { parseJsonBody } from "./validation";

const eventBody = z.object({
  type: z.string().trim().min(1).max(100),
  params: z.record(z.unknown()).optional(),
});

/** v1 API: the spec's logging endpoint (login, errors, checkout, ad display and click…). */
export function eventsRoutes({ db }: RouteDeps) {
  const routes = new Hono<AppEnv>();

  routes.post("/events", async (c) => {
    const event = await parseJsonBody(c, eventBody);
    await db
      .insertInto("events")
      .values({
        user_email: c.get("identity").email,
        type: event.type,
        params: event.params === undefined ? null : JSON.stringify(event.params),
        created_at: Date.now(),
      })
      .execute();
    return c.body(null, 202);
  });

  return routes;
}
