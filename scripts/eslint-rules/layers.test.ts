import { ESLint } from "eslint";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * The project's own ESLint configuration, run on code that breaks the layers
 * of ARCHITECTURE.md as if it were a file of app/.
 */
const root = path.resolve(import.meta.dirname, "../..");
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

async function ruleIds(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result.messages.map((message) => message.ruleId);
}

describe("import direction", () => {
  it.each([
    [
      "app/domain/example.ts",
      'import type { AuthContext } from "~/api/caller.server";\nexport type A = AuthContext;\n',
    ],
    [
      "app/domain/example.ts",
      'import { safeRedirect } from "~/utils/safe-redirect";\nexport const a = safeRedirect;\n',
    ],
    [
      "app/api/example.server.ts",
      'import type { RequestArgs } from "~/utils/auth.server";\nexport type A = RequestArgs;\n',
    ],
    ["app/env.server.ts", 'import { ROLES } from "~/domain/account-types";\nexport const a = ROLES;\n'],
    ["app/utils/example.server.ts", 'import { Button } from "~/components/ui/button";\nexport const a = Button;\n'],
    ["app/components/ui/example.tsx", 'import { getEnv } from "~/env.server";\nexport const a = getEnv;\n'],
    [
      "app/components/example.tsx",
      'import type { ShellData } from "~/routes/$workspaceId.$workspaceSlug+/_layout.server";\nexport type A = ShellData;\n',
    ],
  ])("refuses an upward import in %s", async (file, code) => {
    expect(await ruleIds(file, code)).toContain("import-x/no-restricted-paths");
  });

  it("accepts imports that point down", async () => {
    const code = [
      'import { ROLES } from "~/domain/account-types";',
      'import { getEnv } from "~/env.server";',
      'import { fetchBackend } from "~/api/http.server";',
      'import { safeRedirect } from "~/utils/safe-redirect";',
      "export const all = [ROLES, getEnv, fetchBackend, safeRedirect];",
      "",
    ].join("\n");
    expect(await ruleIds("app/routes/example.tsx", code)).toEqual([]);
  });
});

describe("import cycles", () => {
  it("refuses a type-only import that closes a cycle", async () => {
    // permissions.ts imports roles.ts, so roles.ts may not import permissions.ts back, even for a type.
    const code = 'import type { SpaceAccess } from "./permissions";\nexport type A = SpaceAccess;\n';
    expect(await ruleIds("app/domain/roles.ts", code)).toContain("local/no-cycle");
  });

  it("accepts the same import where it closes no cycle", async () => {
    const code = 'import type { SpaceAccess } from "./permissions";\nexport type A = SpaceAccess;\n';
    expect(await ruleIds("app/domain/example.ts", code)).toEqual([]);
  });
});

describe("UI primitives through their one module", () => {
  it.each([
    ["app/routes/example.tsx", 'import { Button } from "~/components/ui/button";\nexport const a = Button;\n'],
    ["app/components/example.tsx", 'import { Icon } from "./ui/icon";\nexport const a = Icon;\n'],
    ["app/root.tsx", 'import { Banner } from "./components/ui/banner";\nexport const a = Banner;\n'],
  ])("refuses a primitive's own file in %s", async (file, code) => {
    expect(await ruleIds(file, code)).toContain("no-restricted-imports");
  });

  it("accepts ~/components/ui, the primitives kept apart, and a primitive's file within components/ui", async () => {
    const route = [
      'import { Button } from "~/components/ui";',
      'import { SearchForm } from "~/components/ui/list-controls";',
      "export const all = [Button, SearchForm];",
      "",
    ].join("\n");
    expect(await ruleIds("app/routes/example.tsx", route)).toEqual([]);
    const primitive = 'import { Icon } from "./icon";\nexport const a = Icon;\n';
    expect(await ruleIds("app/components/ui/example.tsx", primitive)).toEqual([]);
  });
});
