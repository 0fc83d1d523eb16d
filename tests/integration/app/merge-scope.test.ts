import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERSONAS } from "../../../backend/src/db/seed/personas";
import { IDEMPOTENCY_FIELD } from "~/domain/idempotency";
import {
  action as cancelAction,
  loader as scheduledLoader,
} from "~/routes/$workspaceId.$workspaceSlug+/mail-merges+/scheduled.$campaignId";
import { loader as pollLoader } from "~/routes/$workspaceId.$workspaceSlug+/mail-merges+/sent.$campaignId.poll";
import { loader as sentLoader } from "~/routes/$workspaceId.$workspaceSlug+/mail-merges+/sent.$campaignId";
import type { RunningBackend } from "../support/backend";
import { appRequest, run, signedTarget, signIn, startAppBackend } from "../support/app";

/**
 * A merge shows only under the space it was sent from (issue 13, item 1):
 * every persona, in every space they are an active member of, gets a 404 for
 * each of their merges sent from another space, and cancels none of them.
 */

let backend: RunningBackend;
beforeAll(async () => {
  backend = await startAppBackend();
});
afterAll(() => backend?.close());

interface Space {
  id: string;
  slug: string;
}

/** The spaces where the user is an active member of an active space. */
function activeSpaces(userId: string): Promise<Space[]> {
  return backend.db
    .selectFrom("workspace_members as m")
    .innerJoin("workspaces as w", "w.id", "m.workspace_id")
    .select(["w.id", "w.slug"])
    .where("m.user_id", "=", userId)
    .where("m.status", "!=", "DISABLED")
    .where("w.status", "!=", "DISABLED")
    .execute();
}

/** One of the user's merges of each space, sent and scheduled. */
async function mergesBySpace(userId: string) {
  const [sent, scheduled] = await Promise.all(
    (["sent_campaigns", "scheduled_campaigns"] as const).map((table) =>
      backend.db
        .selectFrom(table)
        .select(["workspace_id", (eb) => eb.fn.min("id").as("id")])
        .where("user_id", "=", userId)
        .groupBy("workspace_id")
        .execute(),
    ),
  );
  return { sent: sent!, scheduled: scheduled! };
}

const pathOf = (space: Space, rest: string) => `/${space.id}/${space.slug}/mail-merges/${rest}`;
const paramsOf = (space: Space, campaignId: string) => ({
  workspaceId: space.id,
  workspaceSlug: space.slug,
  campaignId,
});

async function scheduledExists(id: string) {
  return Boolean(
    await backend.db.selectFrom("scheduled_campaigns").select("id").where("id", "=", id).executeTakeFirst(),
  );
}

describe("a merge read or cancelled through another space", () => {
  it.each(Object.entries(PERSONAS))(
    "%s: 404 for each merge of another space, its own space's merges still open",
    async (_, persona) => {
      const spaces = await activeSpaces(persona.id);
      const merges = await mergesBySpace(persona.id);
      const { cookie } = await signIn(backend, persona.email);
      let checked = 0;

      for (const space of spaces) {
        for (const merge of merges.sent) {
          const params = paramsOf(space, merge.id);
          const sent = await run(sentLoader, appRequest(pathOf(space, `sent/${merge.id}`), { cookie }), params);
          const poll = await run(pollLoader, appRequest(pathOf(space, `sent/${merge.id}/poll`), { cookie }), params);
          if (merge.workspace_id === space.id) {
            expect(sent.response).toBeNull();
            continue;
          }
          expect(sent.response?.status).toBe(404);
          expect(poll.response?.status).toBe(404);
          checked += 1;
        }
        for (const merge of merges.scheduled) {
          const params = paramsOf(space, merge.id);
          const path = pathOf(space, `scheduled/${merge.id}`);
          const detail = await run(scheduledLoader, appRequest(path, { cookie }), params);
          if (merge.workspace_id === space.id) {
            expect(detail.response).toBeNull();
            continue;
          }
          expect(detail.response?.status).toBe(404);
          const form = { intent: "cancel", [IDEMPOTENCY_FIELD]: randomUUID() };
          const cancel = await run(cancelAction, appRequest(path, { cookie, method: "POST", form }), params);
          expect(signedTarget(cancel)).toBe(`${pathOf(space, "scheduled")}?cancel=error`);
          expect(await scheduledExists(merge.id)).toBe(true);
          checked += 1;
        }
      }
      // Only personas with merges in two spaces have anything to try.
      if (spaces.length > 1 && merges.sent.length > 0) expect(checked).toBeGreaterThan(0);
    },
  );

  it("the owner's Acme Marketing merge is a 404 under Acme Sales (the probe of the issue)", async () => {
    const { cookie } = await signIn(backend, PERSONAS.owner.email);
    const sales = { id: "5100000000000002", slug: "acme-sales" };
    const outcome = await run(
      sentLoader,
      appRequest(pathOf(sales, "sent/7100000000000001"), { cookie }),
      paramsOf(sales, "7100000000000001"),
    );
    expect(outcome.response?.status).toBe(404);
  });

  it("a disabled member's merges do not open from a new space of his own", async () => {
    const disabled = await signIn(backend, PERSONAS.disabled.email);
    const created = await fetch(`${backend.url}/api/v1/workspaces`, {
      method: "POST",
      headers: { Authorization: `Bearer ${disabled.session.accessToken}`, "Content-Type": "application/json" },
      body: JSON.stringify({ userId: PERSONAS.disabled.id, workspaceName: "Dan's own space", memberInviteUser: true }),
    });
    expect(created.status).toBe(201);
    const { urlPrefix } = (await created.json()) as { urlPrefix: string };
    const [id, slug] = urlPrefix.split("/").filter(Boolean);
    const space = { id: id!, slug: slug! };

    const [merge] = (await mergesBySpace(PERSONAS.disabled.id)).sent;
    expect(merge).toBeDefined();
    const params = paramsOf(space, merge!.id);
    const cookie = disabled.cookie;
    expect(
      (await run(sentLoader, appRequest(pathOf(space, `sent/${merge!.id}`), { cookie }), params)).response?.status,
    ).toBe(404);
    expect(
      (await run(pollLoader, appRequest(pathOf(space, `sent/${merge!.id}/poll`), { cookie }), params)).response?.status,
    ).toBe(404);
  });
});
