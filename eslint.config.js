import js from "@eslint/js";
import { readFileSync } from "node:fs";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import { defineConfig, globalIgnores } from "eslint/config";
import globals from "globals";
import tseslint from "typescript-eslint";
import noCycle from "./scripts/eslint-rules/no-cycle.js";
import tailwindVariants from "./scripts/eslint-rules/tailwind-variants.js";

/** Where the root and entry modules are: nothing below them may import them. */
const appEntries = ["./app/root.tsx", "./app/entry.server.tsx", "./app/entry.client.tsx", "./app/entry.build.ts"];

/**
 * The layers of ARCHITECTURE.md (Layout): imports only point down.
 *   domain, env.server, observability  ←  api  ←  utils  ←  routes;   components/ui  ←  components  ←  routes
 * Type imports count too.
 */
const layerZones = [
  {
    target: "./app/domain",
    from: "./app",
    except: ["./domain"],
    message: "app/domain is pure: it imports nothing else of app/.",
  },
  {
    target: "./app/domain",
    from: "./app/domain/**/*.server.*",
    message: "app/domain imports no *.server module.",
  },
  {
    target: "./app/env.server.ts",
    from: "./app",
    except: ["./env.server.ts"],
    message: "Configuration imports nothing of app/.",
  },
  {
    target: "./app/observability",
    from: "./app",
    except: ["./observability"],
    message: "app/observability (logger, request context, metrics) imports nothing else of app/.",
  },
  {
    target: "./app/api",
    from: "./app",
    except: ["./api", "./domain", "./env.server.ts", "./observability"],
    message: "app/api imports only app/domain, app/observability and app/env.server.ts.",
  },
  {
    target: "./app/utils",
    from: ["./app/routes", "./app/components", ...appEntries],
    message: "app/utils sits below the routes and components: it never imports them.",
  },
  {
    target: "./app/components/ui",
    from: "./app",
    except: ["./components/ui", "./domain"],
    message: "UI primitives import only app/domain and each other.",
  },
  {
    target: "./app/components",
    from: ["./app/routes", ...appEntries],
    message: "Shared components never import a route module or the app's entries.",
  },
  {
    target: appEntries,
    from: "./app/routes",
    message: "The root and entries never import a route module.",
  },
];

/**
 * The primitives that app/components/ui/index.ts gathers into one browser chunk: anything outside
 * app/components/ui imports them from `~/components/ui`, never from their files (that would split
 * them into chunks of their own again).
 */
const gatheredPrimitives = [
  ...readFileSync("./app/components/ui/index.ts", "utf8").matchAll(/^export \* from "\.\/([\w-]+)";$/gm),
].map((match) => match[1]);

export default defineConfig([
  globalIgnores([
    "build/",
    "public/build/",
    ".cache/",
    "node_modules/",
    ".data/",
    "test-results/",
    "playwright-report/",
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // A leading underscore marks a parameter kept for its position.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: {
      "react-hooks": reactHooks,
      "import-x": importX,
      local: { rules: { "no-cycle": noCycle, "tailwind-variants": tailwindVariants } },
    },
    settings: { "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })] },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "import-x/no-restricted-paths": ["error", { zones: layerZones }],
      // Not import-x/no-cycle: it skips type-only imports, and a type cycle still ties two modules together.
      "local/no-cycle": "error",
      // tailwind.config.ts replaces the default screens (sm, md, lg…) with the spec's breakpoints.
      "local/tailwind-variants": "error",
    },
  },
  {
    // Once only (issue 26): a form's key is IdempotencyKeyField's, which renders a fresh one after every answer.
    files: ["app/**/*.tsx"],
    ignores: ["app/components/ui/idempotency-key-field.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "JSXAttribute[name.name='name'] > JSXExpressionContainer > Identifier[name='IDEMPOTENCY_FIELD']",
          message: "Render a form's once-only key with IdempotencyKeyField (`~/components/ui`): it renews the key after each answer.",
        },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/components/ui/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: `(^|/)ui/(${gatheredPrimitives.join("|")})$`,
              message:
                "Import UI primitives from `~/components/ui` (one browser chunk for all of them; see its index.ts).",
            },
          ],
        },
      ],
    },
  },
]);
