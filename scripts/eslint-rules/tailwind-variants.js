import { createRequire } from "node:module";
import { resolve } from "node:path";

/**
 * Refuses a Tailwind class whose variant generates nothing, such as `sm:flex`
 * once tailwind.config.ts has replaced the default screens with the spec's
 * breakpoints (000 §9): Tailwind drops such a class without a word, so the
 * layout silently stays the narrow one. A class counts when its utility alone
 * is one Tailwind knows (so `mailto:x` or `Note: ...` are never classes) and
 * the whole class, variants and all, yields no CSS. Tailwind's own engine
 * decides, from the project's configuration, read once per run.
 */
const require = createRequire(import.meta.url);
const contexts = new Map();

function tailwindContext(configPath) {
  if (!contexts.has(configPath)) {
    const loadConfig = require("tailwindcss/loadConfig");
    const resolveConfig = require("tailwindcss/resolveConfig");
    const { createContext } = require("tailwindcss/lib/lib/setupContextUtils");
    const config = resolveConfig(loadConfig(configPath));
    contexts.set(configPath, { context: createContext(config), screens: Object.keys(config.theme.screens) });
  }
  return contexts.get(configPath);
}

/** Where a class's variants end: its last colon outside brackets (`[&:hover]:x`, `bg-[url(a:b)]`), or -1. */
function variantsEnd(token) {
  let depth = 0;
  let end = -1;
  for (let index = 0; index < token.length; index += 1) {
    const char = token[index];
    if (char === "[" || char === "(") depth += 1;
    else if (char === "]" || char === ")") depth -= 1;
    else if (char === ":" && depth === 0) end = index;
  }
  return end;
}

export default {
  meta: {
    type: "problem",
    docs: {
      description: "Forbid Tailwind classes whose variant (a breakpoint above all) the configuration does not define.",
    },
    schema: [{ type: "object", properties: { config: { type: "string" } }, additionalProperties: false }],
    messages: {
      unknownVariant:
        "`{{token}}` generates no CSS: `{{variant}}` is not a variant of tailwind.config.ts (its breakpoints: {{screens}}).",
    },
  },
  create(context) {
    const { context: tailwind, screens } = tailwindContext(
      resolve(context.cwd, context.options[0]?.config ?? "tailwind.config.ts"),
    );
    const generates = (token) => tailwind.getClassOrder([token])[0][1] !== null;
    const check = (node, text) => {
      for (const token of text.split(/\s+/)) {
        const end = variantsEnd(token);
        if (end <= 0) continue;
        const utility = token.slice(end + 1);
        if (!utility || generates(token) || !generates(utility)) continue;
        const variant = token.slice(0, end + 1);
        context.report({ node, messageId: "unknownVariant", data: { token, variant, screens: screens.join(", ") } });
      }
    };
    return {
      Literal: (node) => typeof node.value === "string" && check(node, node.value),
      TemplateElement: (node) => check(node, node.value.cooked ?? node.value.raw),
    };
  },
};
