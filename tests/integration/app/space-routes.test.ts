import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as shellLoader } from "~/routes/$workspaceId.$workspaceSlug+/_layout";
import { loader as spaceRootLoader } from "~/routes/$workspaceId.$workspaceSlug+/space+/_index";
import { loader as billingLoader } from "~/routes/$workspaceId.$workspaceSlug+/space+/billing";
import { loader as generalLoader } from "~/routes/$workspaceId.$workspaceSlug+/space+/general";
import { loader as upgradeLoader } from "~/routes/$workspaceId.$workspaceSlug+/space+/upgrade";
import { loader as spaceBillingAliasLoader } from "~/routes/$workspaceId.$workspaceSlug+/settings.billing";
import { loader as topBillingLoader } from "~/routes/settings.billing";
import { loader as mailMergesIndexLoader } from "~/routes/$workspaceId.$workspaceSlug+/mail-merges+/_index";
import { loader as bouncesLoader } from "~/routes/$workspaceId.$workspaceSlug+/bounces";
import { loader as teamReportLoader } from "~/routes/$workspaceId.$workspaceSlug+/team-report";
import { loader as checkoutLoader } from "~/routes/$workspaceId.$workspaceSlug+/checkout+/_index";
import type { ShellData } from "~/routes/$workspaceId.$workspaceSlug+/_layout.server";
import type { RunningBackend } from "../support/backend";
import { appRequest, loaderData, redirectTarget, run, signIn, startAppBackend } from "../support/app";

const ACME = { workspaceId: "5100000000000001", workspaceSlug: "acme-marketing" };
const PREFIX = "/5100000000000001/acme-marketing";

let backend: RunningBackend;
const cookies: Record<string, string> = {};
beforeAll(async () => {
  backend = await startAppBackend();
  for (const email of ["owner@acme.test", "admin@acme.test", "member@acme.test", "disabled@acme.test", "solo@gmail.com"]) {
    cookies[email] = (await signIn(backend, email)).cookie;
  }
});
afterAll(() => backend.close());

const get = (path: string, email: string) => appRequest(path, { cookie: cookies[email] });

describe("the shell loader", () => {
  it("loads me, the space and the promotions, dropping malformed promotions", async () => {
    const outcome = await run(shellLoader, get(`${PREFIX}/mail-merges/sent`, "owner@acme.test"), ACME);
    const shell = loaderData<ShellData>(outcome);
    expect(shell.disabled).toBe(false);
    if (shell.disabled) return;
    expect(shell.workspace.workspaceName).toBe("Acme Marketing");
    expect(shell.access.role).toBe("OWNER");
    expect(shell.access.usersLabel).toBe("Members");
    expect(shell.spaces.map((space) => space.workspaceName)).toEqual(expect.arrayContaining(["Acme Marketing", "Acme Sales"]));
    expect(shell.promotions.length).toBeGreaterThan(0);
    for (const promotion of shell.promotions) expect(typeof promotion.description).toBe("string");
  });

  it("corrects a wrong slug, keeping the path and the query", async () => {
    const outcome = await run(shellLoader, get("/5100000000000001/old-name/mail-merges/sent?q=a%20b&page=2", "owner@acme.test"), {
      workspaceId: ACME.workspaceId,
      workspaceSlug: "old-name",
    });
    expect(redirectTarget(outcome)).toBe(`${PREFIX}/mail-merges/sent?q=a%20b&page=2`);
  });

  it("sends an unknown or foreign space to /", async () => {
    const unknown = await run(shellLoader, get("/999/nope/mail-merges/sent", "owner@acme.test"), { workspaceId: "999", workspaceSlug: "nope" });
    expect(redirectTarget(unknown)).toBe("/");
    const foreign = await run(shellLoader, get(`${PREFIX}/mail-merges/sent`, "solo@gmail.com"), ACME);
    expect(redirectTarget(foreign)).toBe("/");
  });

  it("gives a disabled member only the disabled screen", async () => {
    const shell = await run(shellLoader, get(`${PREFIX}/disabled`, "disabled@acme.test"), ACME);
    expect(loaderData<ShellData>(shell).disabled).toBe(true);
    const page = await run(mailMergesIndexLoader, get(`${PREFIX}/mail-merges`, "disabled@acme.test"), ACME);
    expect(redirectTarget(page)).toBe(`${PREFIX}/disabled`);
  });
});

describe("space routes", () => {
  it("/space goes to general for the owner and to users for others", async () => {
    expect(redirectTarget(await run(spaceRootLoader, get(`${PREFIX}/space`, "owner@acme.test"), ACME))).toBe(`${PREFIX}/space/general`);
    expect(redirectTarget(await run(spaceRootLoader, get(`${PREFIX}/space`, "member@acme.test"), ACME))).toBe(`${PREFIX}/space/users`);
  });

  it("keeps general settings for the owner", async () => {
    expect(redirectTarget(await run(generalLoader, get(`${PREFIX}/space/general`, "owner@acme.test"), ACME))).toBeNull();
    expect(redirectTarget(await run(generalLoader, get(`${PREFIX}/space/general`, "admin@acme.test"), ACME))).toBe(`${PREFIX}/space`);
  });

  it("keeps a member out of billing and checkout in a per-seat space", async () => {
    expect(redirectTarget(await run(billingLoader, get(`${PREFIX}/space/billing`, "member@acme.test"), ACME))).toBe(PREFIX);
    expect(redirectTarget(await run(checkoutLoader, get(`${PREFIX}/checkout`, "member@acme.test"), ACME))).toBe(PREFIX);
    // Per-seat: billing is the owner's only, even for an admin.
    expect(redirectTarget(await run(billingLoader, get(`${PREFIX}/space/billing`, "admin@acme.test"), ACME))).toBe(PREFIX);
    expect(redirectTarget(await run(billingLoader, get(`${PREFIX}/space/billing`, "owner@acme.test"), ACME))).toBeNull();
  });

  it("forwards /space/upgrade and /settings/billing to billing with the query", async () => {
    expect(redirectTarget(await run(upgradeLoader, get(`${PREFIX}/space/upgrade?plan=PRO`, "owner@acme.test"), ACME))).toBe(
      `${PREFIX}/space/billing?plan=PRO`,
    );
    expect(
      redirectTarget(await run(spaceBillingAliasLoader, get(`${PREFIX}/settings/billing?checkout=success`, "owner@acme.test"), ACME)),
    ).toBe(`${PREFIX}/space/billing?checkout=success`);
  });

  it("top-level /settings/billing picks the owned space", async () => {
    const outcome = await run(topBillingLoader, get("/settings/billing?interval=YEARLY", "owner@acme.test"));
    expect(redirectTarget(outcome)).toBe(`${PREFIX}/space/billing?interval=YEARLY`);
  });

  it("/mail-merges redirects to the sent tab", async () => {
    expect(redirectTarget(await run(mailMergesIndexLoader, get(`${PREFIX}/mail-merges`, "owner@acme.test"), ACME))).toBe(
      `${PREFIX}/mail-merges/sent`,
    );
  });

  it("gates bounces (hidden on PRO for paid users) and the team report (admins of Pro spaces)", async () => {
    expect(redirectTarget(await run(bouncesLoader, get(`${PREFIX}/bounces`, "owner@acme.test"), ACME))).toBe(`${PREFIX}/mail-merges/sent`);
    expect(redirectTarget(await run(bouncesLoader, get(`${PREFIX}/bounces`, "member@acme.test"), ACME))).toBeNull();
    expect(redirectTarget(await run(teamReportLoader, get(`${PREFIX}/team-report`, "admin@acme.test"), ACME))).toBeNull();
    // Without the feature: a not-authorised view on the same URL, no redirect and no data.
    const memberReport = await run(teamReportLoader, get(`${PREFIX}/team-report`, "member@acme.test"), ACME);
    expect(redirectTarget(memberReport)).toBeNull();
    expect((memberReport.result as { init: { status: number } }).init.status).toBe(403);
  });
});
