/**
 * The server build's entry (remix.config.js `server`; entry.server.tsx renders its documents): the compiled
 * app, every loader and action of it inside a wrapper that names the route
 * for the request's log line and gives failures a reference and resource
 * routes the documents' headers. scripts/serve.mjs serves it, with
 * `operations` (request ids, logs, metrics, health, the admission gate,
 * graceful stop) around it.
 */
import * as build from "@remix-run/dev/server-build";
import type { ServerBuild } from "@remix-run/node";
import { answeredBy } from "./utils/route-answers.server";

export const { mode, assets, basename, entry, future, publicPath, assetsBuildDirectory, isSpaMode } = build;

function depthOf(id: string): number {
  const parentId = build.routes[id]?.parentId;
  return parentId ? depthOf(parentId) + 1 : 0;
}

export const routes: ServerBuild["routes"] = Object.fromEntries(
  Object.entries(build.routes).map(([id, route]) => {
    const { loader, action, default: component, ErrorBoundary } = route.module;
    const info = { id, depth: depthOf(id), resource: !component && !ErrorBoundary };
    const module = {
      ...route.module,
      ...(loader ? { loader: answeredBy(info, loader) } : {}),
      ...(action ? { action: answeredBy(info, action) } : {}),
    };
    return [id, { ...route, module }];
  }),
);

export { operations } from "./utils/operations.server";
