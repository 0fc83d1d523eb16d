// Measures what a browser downloads on the first load of each page (ARCHITECTURE budgets):
// the entry and every route module of the page's route chain with their shared chunks,
// gzipped, and how many script files that is (each one a request before the page is
// interactive, and on a slow network before its first paint, as Lighthouse estimates it), the
// route manifest included: without lazy route discovery every page loads the whole manifest file.
// Needs a build (`npm run build`). Exits 1 over budget.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const FIRST_LOAD_BUDGET = 110 * 1024;
const ROUTE_CHUNK_BUDGET = 15 * 1024;
const publicDir = path.resolve("public");
const buildDir = path.join(publicDir, "build");

const manifestFile = readdirSync(buildDir).find((name) => /^manifest-.*\.js$/.test(name));
if (!manifestFile) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}
const manifestSource = readFileSync(path.join(buildDir, manifestFile), "utf8");
const manifest = JSON.parse(manifestSource.replace(/^window\.__remixManifest=/, "").replace(/;\s*$/, ""));

const gzipped = new Map();
function size(url) {
  if (!gzipped.has(url)) gzipped.set(url, gzipSync(readFileSync(path.join(publicDir, url))).length);
  return gzipped.get(url);
}

function chain(routeId) {
  const routes = [];
  for (let id = routeId; id; id = manifest.routes[id]?.parentId) routes.unshift(manifest.routes[id]);
  return routes;
}

const pages = Object.values(manifest.routes).filter((route) => route.hasLoader || route.id === "root");
const rows = [];
let failed = false;
for (const page of pages) {
  const files = new Set([manifest.url, manifest.entry.module, ...manifest.entry.imports]);
  for (const route of chain(page.id)) {
    files.add(route.module);
    for (const imported of route.imports ?? []) files.add(imported);
  }
  const firstLoad = [...files].reduce((total, url) => total + size(url), 0);
  const own = size(page.module);
  const over = firstLoad > FIRST_LOAD_BUDGET || own > ROUTE_CHUNK_BUDGET;
  failed ||= over;
  rows.push({
    route: page.id,
    "first load (KB gz)": (firstLoad / 1024).toFixed(1),
    scripts: files.size,
    "own chunk (KB gz)": (own / 1024).toFixed(1),
    over: over ? "OVER" : "",
  });
}
rows.sort((a, b) => Number(b["first load (KB gz)"]) - Number(a["first load (KB gz)"]));
console.table(rows);
console.log(
  `Budgets: first load ≤ ${FIRST_LOAD_BUDGET / 1024} KB gzip, a route's own chunk ≤ ${ROUTE_CHUNK_BUDGET / 1024} KB gzip.`,
);
process.exit(failed ? 1 : 0);
