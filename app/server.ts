/**
 * The server build's main module (remix.config.js `server`): the compiled
 * app, every loader and action of it first refusing what the front door
 * refused (scripts/front-door.mjs), then taking a place at the admission
 * gate, so remix-serve serves it as it is and no request gets past either.
 */
import * as build from "@remix-run/dev/server-build";
import type { ServerBuild } from "@remix-run/node";
import { admitted } from "./utils/admission.server";
import { refusedAtTheDoor } from "./utils/refusals.server";

export const { mode, assets, basename, entry, future, publicPath, assetsBuildDirectory, isSpaMode } = build;

export const routes: ServerBuild["routes"] = Object.fromEntries(
  Object.entries(build.routes).map(([id, route]) => {
    const { loader, action } = route.module;
    const module = {
      ...route.module,
      ...(loader ? { loader: refusedAtTheDoor(admitted(loader)) } : {}),
      ...(action ? { action: refusedAtTheDoor(admitted(action)) } : {}),
    };
    return [id, { ...route, module }];
  }),
);
