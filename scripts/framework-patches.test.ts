/**
 * The route matching kept by patches/@remix-run+router+*.patch and
 * patches/react-router-dom+*.patch: kept answers must equal fresh ones and
 * stay untouched by what a caller does with its copy. The server loads both
 * packages through `require`, so the tests do too.
 */
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const { matchRoutes } = require("@remix-run/router") as typeof import("@remix-run/router");
const { createStaticRouter } = require("react-router-dom/server") as typeof import("react-router-dom/server");

const routes = [
  {
    id: "space",
    path: ":workspaceId/:workspaceSlug",
    children: [
      { id: "sent", path: "mail-merges/sent" },
      { id: "detail", path: "mail-merges/:campaignId" },
    ],
  },
  { id: "splat", path: "*" },
];

describe("kept route matches", () => {
  it("answers a pathname matched before as it did the first time", () => {
    const first = matchRoutes(routes, "/51/acme/mail-merges/sent");
    const again = matchRoutes(routes, "/51/acme/mail-merges/sent");
    expect(again?.map((match) => match.route.id)).toEqual(["space", "sent"]);
    expect(again).toEqual(first);
    expect(matchRoutes(routes, "/51/acme/mail-merges/71")?.at(-1)?.params).toEqual({
      workspaceId: "51",
      workspaceSlug: "acme",
      campaignId: "71",
    });
  });

  it("gives each caller its own copy", () => {
    const first = matchRoutes(routes, "/52/beta/mail-merges/72")!;
    (first[1]!.params as Record<string, string>).campaignId = "changed";
    first.pop();
    const again = matchRoutes(routes, "/52/beta/mail-merges/72");
    expect(again).toHaveLength(2);
    expect(again?.[1]?.params.campaignId).toBe("72");
  });

  it("keeps a static router's data routes for the same route array", () => {
    const context = { basename: "/", location: { pathname: "/" }, matches: [], loaderData: {} } as never;
    const one = createStaticRouter(routes, context);
    expect(createStaticRouter(routes, context).routes).toBe(one.routes);
    expect(createStaticRouter([...routes], context).routes).not.toBe(one.routes);
  });
});
