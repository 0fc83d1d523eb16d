/**
 * Signed-in pages are never stored (issue 13): every document and every data
 * response of every page route carries `Cache-Control: private, no-store`,
 * so after logout Back shows nothing of them. Runs the built app over each
 * page route of the build, as the owner of Acme Marketing.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERSONAS, SPACES } from "../../../backend/src/db/seed/personas";
import type { RunningBackend } from "../support/backend";
import { appRequest, signIn, startAppBackend } from "../support/app";

let backend: RunningBackend;
let build: ServerBuild;
let handle: (request: Request) => Promise<Response>;
let cookie: string;
const params: Record<string, string> = { workspaceId: SPACES.acmeMarketing.id, workspaceSlug: SPACES.acmeMarketing.slug };

beforeAll(async () => {
  backend = await startAppBackend();
  build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
  handle = createRequestHandler(build, "production");
  ({ cookie } = await signIn(backend, PERSONAS.owner.email));
  const own = (table: "sent_campaigns" | "scheduled_campaigns") =>
    backend.db
      .selectFrom(table)
      .select("id")
      .where("user_id", "=", PERSONAS.owner.id)
      .where("workspace_id", "=", params.workspaceId!)
      .executeTakeFirstOrThrow();
  params.sentId = (await own("sent_campaigns")).id;
  params.scheduledId = (await own("scheduled_campaigns")).id;
  params.templateId = (await backend.db.selectFrom("templates").select("id").executeTakeFirstOrThrow()).id;
});
afterAll(() => backend?.close());

/** Every page route of the build (resource routes answer files or redirects), as a URL with real values. */
function pageUrls() {
  const byId = build.routes;
  const fullPath = (id: string): string => {
    const route = byId[id]!;
    const parent = route.parentId ? fullPath(route.parentId) : "";
    return [parent, route.path ?? ""].filter(Boolean).join("/");
  };
  return Object.entries(byId)
    .filter(([id, route]) => id !== "root" && route.module.default && route.path !== "*")
    .map(([id]) => {
      const campaign = id.includes("scheduled.") ? params.scheduledId : params.sentId;
      const url = `/${fullPath(id)}`
        .replace(":workspaceId", params.workspaceId!)
        .replace(":workspaceSlug", params.workspaceSlug!)
        .replace(":campaignId", campaign!)
        .replace(":templateId", params.templateId!)
        .replace(":invitationToken", "not-a-token")
        .replace("/:status?", "");
      return [id, url] as const;
    });
}

describe("Cache-Control on every page", () => {
  it("covers the page routes", () => {
    expect(pageUrls().length).toBeGreaterThan(30);
  });

  it("marks every document and data response private, no-store", async () => {
    const unmarked: string[] = [];
    for (const [id, url] of pageUrls()) {
      for (const target of [url, `${url}.data`]) {
        const response = await handle(appRequest(target, { cookie }));
        await response.text();
        // A redirect carries no page; everything else does.
        if (response.status >= 300 && response.status < 400) continue;
        if (response.headers.get("Cache-Control") !== "private, no-store") unmarked.push(`${id} ${target} ${response.status}`);
      }
    }
    expect(unmarked).toEqual([]);
  });
});
