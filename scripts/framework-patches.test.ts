/**
 * patches/@remix-run+dev+*.patch: a production browser build loads a route
 * module without its loader, action and headers and without what only they
 * used (an import, a top-level zod schema), as Remix's Vite plugin does.
 * The compiler is CommonJS, so the test loads it through `require`.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);

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
