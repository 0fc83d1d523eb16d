// `npm run bench`: every budget benchmark after one build, each run even when
// an earlier one is over its budget, so one miss never hides the other figures.
// Exits with 1 when any of them failed, naming them.
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const tsx = path.join(root, "node_modules", ".bin", "tsx");
const benches = [
  ["build", "npm", ["run", "build"]],
  // The overload benchmark loads the app behind HAProxy too.
  ["HAProxy", process.execPath, ["scripts/ensure-haproxy.mjs"]],
  ["overload", tsx, ["scripts/bench-load.ts"]],
  ["server render", tsx, ["scripts/bench-render.ts"]],
  ["memory", tsx, ["scripts/bench-memory.ts"]],
  ["Lighthouse", tsx, ["scripts/bench-lighthouse.ts"]],
  ["backend lists", tsx, ["scripts/bench-backend.ts"]],
  ["first load", process.execPath, ["scripts/bench-bundle.mjs"]],
];

const failed = [];
for (const [name, command, args] of benches) {
  const { status } = spawnSync(command, args, { cwd: root, stdio: "inherit" });
  if (status === 0) continue;
  failed.push(name);
  // Nothing else can be measured without a build.
  if (name === "build") break;
}
console.log(failed.length ? `\nOver budget or failed: ${failed.join(", ")}` : "\nEvery benchmark within its budget.");
process.exit(failed.length ? 1 : 0);
