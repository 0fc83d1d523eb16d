/**
 * The route matching kept by patches/@remix-run+router+*.patch and
 * patches/react-router-dom+*.patch: kept answers must equal fresh ones and
 * stay untouched by what a caller does with its copy. The server loads both
 * packages through `require`, so the tests do too; and the browser build's
 * route modules of patches/@remix-run+dev+*.patch.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
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

/**
 * patches/@remix-run+dev+*.patch: a production browser build loads a route
 * module without its loader, action and headers and without what only they
 * used (an import, a top-level zod schema), as Remix's Vite plugin does.
 */
describe("route modules in the browser build", () => {
  it("leave out the server-only exports and what only they use", async () => {
    const esbuild = require("esbuild") as typeof import("esbuild");
    const { browserRouteModulesPlugin } = require("@remix-run/dev/dist/compiler/js/plugins/routes.js");
    const appDirectory = mkdtempSync(path.join(tmpdir(), "route-module-"));
    writeFileSync(
      path.join(appDirectory, "page.tsx"),
      [
        'import { z } from "zod";',
        'import { readSecret } from "./secret.server";',
        'import { shared } from "./shared";',
        'const actionSchema = z.object({ intent: z.literal("go") });',
        "export const loader = () => ({ secret: readSecret(), shared });",
        "export async function action({ request }: { request: Request }) {",
        "  return actionSchema.parse(Object.fromEntries(await request.formData()));",
        "}",
        "export default function Page() {",
        "  return <p>{shared}</p>;",
        "}",
        "",
      ].join("\n"),
    );
    const config = { appDirectory, routes: { page: { id: "page", file: "page.tsx" } } };
    const build = (mode: "production" | "development") =>
      esbuild.build({
        entryPoints: [path.join(appDirectory, "page.tsx")],
        bundle: true,
        write: false,
        format: "esm",
        jsx: "automatic",
        external: ["zod", "./secret.server", "./shared", "react/jsx-runtime"],
        plugins: [browserRouteModulesPlugin({ config, options: { mode }, fileWatchCache: null }, /\?browser$/)],
      });
    const [production] = (await build("production")).outputFiles;
    expect(production!.text).not.toMatch(/zod|secret\.server|loader|action/);
    expect(production!.text).toContain('from "./shared"');
    expect(production!.text).toContain('jsx("p"');
    // Without the patch (as in development) esbuild keeps the schema's top-level calls and their imports.
    const [development] = (await build("development")).outputFiles;
    expect(development!.text).toMatch(/from "zod"/);
    rmSync(appDirectory, { recursive: true });
  });
});
