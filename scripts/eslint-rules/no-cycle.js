import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

/**
 * Refuses an import that closes a cycle between modules of app/, type-only
 * imports included (import-x/no-cycle skips those, and a type cycle still ties
 * two layers together). The graph is read from the files once per run.
 */
const extensions = ["", ".ts", ".tsx", ".js", ".jsx", "/index.ts", "/index.tsx"];
const specifierPattern =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;

function resolveSpecifier(appDir, from, specifier) {
  let base;
  if (specifier.startsWith("~/")) base = join(appDir, specifier.slice(2));
  else if (specifier.startsWith(".")) base = resolve(dirname(from), specifier);
  else return null;
  for (const extension of extensions) {
    const candidate = base + extension;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(tsx?|jsx?)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

function importGraph(appDir) {
  const graph = new Map();
  for (const file of sourceFiles(appDir)) {
    const targets = new Set();
    for (const match of readFileSync(file, "utf8").matchAll(specifierPattern)) {
      const target = resolveSpecifier(appDir, file, match[1] ?? match[2] ?? match[3]);
      if (target) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** The shortest chain of imports from `start` back to `goal`, or null. */
function pathBack(graph, start, goal) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    if (node === goal) {
      const chain = [];
      for (let step = node; step !== null; step = previous.get(step)) chain.unshift(step);
      return chain;
    }
    for (const next of graph.get(node) ?? []) {
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return null;
}

const graphs = new Map();

export default {
  meta: {
    type: "problem",
    docs: { description: "Forbid an import that closes a cycle, type imports included." },
    schema: [{ type: "object", properties: { appDir: { type: "string" } }, additionalProperties: false }],
    messages: { cycle: "Import cycle: {{chain}}" },
  },
  create(context) {
    const appDir = resolve(context.cwd, context.options[0]?.appDir ?? "app");
    const filename = context.physicalFilename;
    if (!filename.startsWith(appDir + "/")) return {};
    if (!graphs.has(appDir)) graphs.set(appDir, importGraph(appDir));
    const graph = graphs.get(appDir);
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== "string") return;
      const target = resolveSpecifier(appDir, filename, specifier);
      if (!target) return;
      const chain = target === filename ? [target] : pathBack(graph, target, filename);
      if (!chain) return;
      const names = [filename, ...chain].map((file) => file.slice(appDir.length + 1));
      context.report({ node, messageId: "cycle", data: { chain: names.join(" → ") } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
