/**
 * Once-only submissions (issue 6): a form sent twice, or twice at once, with
 * the key its page rendered applies once; a new rendering's key applies again.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as newSpaceAction } from "~/routes/$workspaceId.$workspaceSlug+/spaces.new";
import { action as templatesAction, loader as templatesLoader } from "~/routes/$workspaceId.$workspaceSlug+/templates";
import { action as unsubscriptionsAction } from "~/routes/$workspaceId.$workspaceSlug+/unsubscriptions";
import { IDEMPOTENCY_FIELD } from "~/domain/idempotency";
import type { RunningBackend } from "../support/backend";
import { appRequest, loaderData, redirectTarget, run, signedTarget, signIn, startAppBackend } from "../support/app";

const SAM = { workspaceId: "5100000000000003", workspaceSlug: "sams-space" };
const ACME = { workspaceId: "5100000000000001", workspaceSlug: "acme-marketing" };
const OLDCO = { workspaceId: "5100000000000004", workspaceSlug: "oldco-team" };
const prefix = (space: typeof ACME) => `/${space.workspaceId}/${space.workspaceSlug}`;

let backend: RunningBackend;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  backend = await startAppBackend();
  for (const email of ["solo@gmail.com", "owner@acme.test", "legacy@oldco.test"]) cookies[email] = (await signIn(backend, email)).cookie;
});
afterAll(() => backend.close());

const post = (path: string, email: string, form: Record<string, string>) =>
  appRequest(path, { cookie: cookies[email], method: "POST", form });

async function spacesNamed(name: string) {
  return backend.db.selectFrom("workspaces").select("id").where("name", "=", name).execute();
}

describe("once-only forms", () => {
  it("creates one space for a double submission of the New space form, and another with a new key", async () => {
    const params = SAM;
    const form = { spaceName: "Double Click Space", [IDEMPOTENCY_FIELD]: randomUUID() };
    const path = `${prefix(params)}/spaces/new`;

    const outcomes = await Promise.all([1, 2].map(() => run(newSpaceAction, post(path, "solo@gmail.com", form), params)));
    const again = await run(newSpaceAction, post(path, "solo@gmail.com", form), params);
    const targets = [...outcomes, again].map(redirectTarget);
    expect(new Set(targets).size).toBe(1);
    expect(targets[0]).toMatch(/banner=created/);
    expect(await spacesNamed("Double Click Space")).toHaveLength(1);

    await run(newSpaceAction, post(path, "solo@gmail.com", { ...form, [IDEMPOTENCY_FIELD]: randomUUID() }), params);
    expect(await spacesNamed("Double Click Space")).toHaveLength(2);
  });

  it("answers a resent New space form with its success even when that space was the last one allowed", async () => {
    // legacy@oldco.test owns 3 spaces; the most is 5.
    const path = `${prefix(OLDCO)}/spaces/new`;
    const create = (spaceName: string, key: string) =>
      run(newSpaceAction, post(path, "legacy@oldco.test", { spaceName, [IDEMPOTENCY_FIELD]: key }), OLDCO);
    expect(redirectTarget(await create("Fourth Oldco Space", randomUUID()))).toMatch(/banner=created/);

    const fifth = { name: "Fifth Oldco Space", key: randomUUID() };
    const first = signedTarget(await create(fifth.name, fifth.key));
    expect(first).toMatch(/banner=created/);
    // The same form again (a double click without JavaScript, a reload): the same answer, not the limit (its
    // signature's expiry may be a second later).
    expect(signedTarget(await create(fifth.name, fifth.key))).toBe(first);
    expect(await spacesNamed(fifth.name)).toHaveLength(1);

    // A new form past the limit is refused, and creates nothing.
    const sixth = await create("Sixth Oldco Space", randomUUID());
    expect(redirectTarget(sixth)).toBeNull();
    expect(JSON.stringify(loaderData(sixth))).toContain("You already own 5 spaces");
    expect(await spacesNamed("Sixth Oldco Space")).toHaveLength(0);
  });

  it("makes one draft for a template's 'Use' sent twice", async () => {
    const gallery = loaderData<{ templates: { id: string; useKey: string }[] }>(
      await run(templatesLoader, appRequest(`${prefix(ACME)}/templates`, { cookie: cookies["owner@acme.test"] }), ACME),
    );
    const template = gallery.templates.at(-1)!;
    const form = { intent: "use", templateId: template.id, [IDEMPOTENCY_FIELD]: template.useKey };
    const path = `${prefix(ACME)}/templates`;
    await Promise.all([1, 2].map(() => run(templatesAction, post(path, "owner@acme.test", form), ACME)));
    await run(templatesAction, post(path, "owner@acme.test", form), ACME);
    const drafts = await backend.db
      .selectFrom("template_drafts")
      .select("message_id")
      .where("user_id", "=", "6100000000000001")
      .where("template_id", "=", template.id)
      .execute();
    expect(drafts).toHaveLength(1);
  });

  it("renders a new key with each rendering of a page", async () => {
    const load = async () =>
      loaderData<{ templates: { useKey: string }[] }>(
        await run(templatesLoader, appRequest(`${prefix(ACME)}/templates`, { cookie: cookies["owner@acme.test"] }), ACME),
      ).templates[0]!.useKey;
    const [first, second] = [await load(), await load()];
    expect(first).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
    expect(second).not.toBe(first);
  });

  it("adds one batch of unsubscriptions for a form sent twice at once, answering both the same", async () => {
    const form = { intent: "add", emails: "once-a@example.test, once-b@example.test", [IDEMPOTENCY_FIELD]: randomUUID() };
    const path = `${prefix(ACME)}/unsubscriptions`;
    const outcomes = await Promise.all([1, 2].map(() => run(unsubscriptionsAction, post(path, "owner@acme.test", form), ACME)));
    const targets = outcomes.map(redirectTarget);
    expect(new URL(targets[0]!, "http://app.test").searchParams.get("count")).toBe("2");
    expect(targets[1]).toBe(targets[0]);
    const events = await backend.db
      .selectFrom("events")
      .select("params")
      .where("user_email", "=", "owner@acme.test")
      .where("type", "=", "manual_unsubscribe")
      .execute();
    expect(events.filter((event) => JSON.parse(event.params ?? "{}").submitted === 2)).toHaveLength(1);
  });

  it("refuses a create without its key (400), creating nothing", async () => {
    const path = `${prefix(ACME)}/unsubscriptions`;
    const outcome = await run(
      unsubscriptionsAction,
      appRequest(path, { cookie: cookies["owner@acme.test"], method: "POST", form: { intent: "add", emails: "nokey@example.test", [IDEMPOTENCY_FIELD]: "" } }),
      ACME,
    );
    expect((outcome.result as { init?: { status?: number } }).init?.status).toBe(400);
  });
});
