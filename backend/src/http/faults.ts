import { Hono, type MiddlewareHandler } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import type { AppEnv } from "./app-env";
import { errorResponse } from "./errors";
import { parseJsonBody } from "./validation";

/**
 * Test-only fault injection (BACKEND_FAULT_INJECTION=true, never in
 * production): a browser test asks for one backend answer to fail, matched
 * by method, path and a marker in the query that only that test sends, so
 * the tests running beside it are not touched.
 */
const faultSchema = z.object({
  method: z.enum(["GET", "POST", "PUT", "PATCH", "DELETE"]),
  pathIncludes: z.string().min(1),
  queryIncludes: z.string().min(8),
  status: z.number().int().min(400).max(599),
  times: z.number().int().min(1).max(100).default(1),
});
type Fault = z.infer<typeof faultSchema>;

export function faultInjection() {
  const faults: Fault[] = [];

  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const url = new URL(c.req.url);
    const fault = faults.find(
      (candidate) =>
        candidate.method === c.req.method &&
        url.pathname.includes(candidate.pathIncludes) &&
        url.search.includes(candidate.queryIncludes),
    );
    if (!fault) return next();
    if (--fault.times === 0) faults.splice(faults.indexOf(fault), 1);
    return errorResponse(c, fault.status as ContentfulStatusCode, "injected_fault");
  };

  const routes = new Hono<AppEnv>().post("/__faults", async (c) => {
    faults.push(await parseJsonBody(c, faultSchema));
    return c.body(null, 204);
  });

  return { middleware, routes };
}
