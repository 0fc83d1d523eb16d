/**
 * The server build's main module (remix.config.js `server`): the compiled
 * app, with every loader and action behind the admission gate, so remix-serve
 * serves it as it is and no request outruns the gate.
 */
import * as build from "@remix-run/dev/server-build";
import type { ServerBuild } from "@remix-run/node";
import { admitted } from "./utils/admission.server";

export const { mode, assets, basename, entry, future, publicPath, assetsBuildDirectory, isSpaMode } = build;

export const routes: ServerBuild["routes"] = Object.fromEntries(
  Object.entries(build.routes).map(([id, route]) => {
    const { loader, action } = route.module;
    const module = {
      ...route.module,
      ...(loader ? { loader: admitted(loader) } : {}),
      ...(action ? { action: admitted(action) } : {}),
    };
    return [id, { ...route, module }];
  }),
);
