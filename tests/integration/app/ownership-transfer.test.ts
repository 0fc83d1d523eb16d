/**
 * General settings, transfer ownership (issue 7; 002 §2, §5, §6, §8): the
 * owner chooses a candidate, confirms at the confirmation's URL, and lands on
 * the sent page with the signed transfer banner as a regular member. Refusals
 * keep the confirmation open with their text and change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as generalPage from "~/routes/$workspaceId.$workspaceSlug+/space+/general";
import { action, loader } from "~/routes/$workspaceId.$workspaceSlug+/space+/general";
import { generalSettingsTexts } from "~/domain/general-settings";
import { PERSONAS, SPACES } from "../../../backend/src/db/seed/personas";
import { insertMember, insertWorkspace } from "../../../backend/src/store/workspaces";
import type { RunningBackend } from "../support/backend";
import { appRequest, loaderData, redirectTarget, run, signIn, startAppBackend } from "../support/app";
import { renderPage } from "../support/render-page";

const ACME = { workspaceId: SPACES.acmeMarketing.id, workspaceSlug: SPACES.acmeMarketing.slug };
const SAMS = { workspaceId: SPACES.samsSpace.id, workspaceSlug: SPACES.samsSpace.slug };
const page = (space: typeof ACME | typeof SAMS) => `/${space.workspaceId}/${space.workspaceSlug}/space/general`;

interface Page {
  transfer: null | {
    candidates: { userId: string; label: string }[];
    confirming: { userId: string; email: string } | null;
    error: string | null;
  };
}

let backend: RunningBackend;
const cookies: Record<string, string> = {};
beforeAll(async () => {
  backend = await startAppBackend();
  for (const person of [PERSONAS.owner, PERSONAS.solo]) cookies[person.email] = (await signIn(backend, person.email)).cookie;
});
afterAll(() => backend?.close());

const load = async (email: string, space: typeof ACME | typeof SAMS, search = "") =>
  loaderData<Page>(await run(loader, appRequest(`${page(space)}${search}`, { cookie: cookies[email] }), space));
const post = (userId: string) =>
  run(action, appRequest(`${page(ACME)}?confirm=transfer&newOwner=${userId}`, { cookie: cookies[PERSONAS.owner.email], method: "POST", form: { intent: "transfer", userId } }), ACME);
const transferError = (outcome: Awaited<ReturnType<typeof post>>) =>
  (outcome.result as { init: { status: number }; data: { transferError: string } });
const roleOf = async (userId: string) =>
  (await backend.db.selectFrom("workspace_members").select("role").where("workspace_id", "=", ACME.workspaceId).where("user_id", "=", userId).executeTakeFirstOrThrow()).role;

describe("transferring ownership from General settings", () => {
  it("is not offered on a Free space", async () => {
    expect((await load(PERSONAS.solo.email, SAMS)).transfer).toBeNull();
  });

  it("offers the active members holding a seat, never the owner or a disabled member", async () => {
    const { transfer } = await load(PERSONAS.owner.email, ACME);
    const ids = transfer!.candidates.map((candidate) => candidate.userId);
    expect(ids).toEqual(expect.arrayContaining([PERSONAS.admin.id, PERSONAS.benBaker.id, PERSONAS.member.id]));
    expect(ids).not.toContain(PERSONAS.owner.id);
    expect(ids).not.toContain(PERSONAS.disabled.id);
  });

  it("asks for a member when the confirmation is asked with none, and opens it for a candidate", async () => {
    expect((await load(PERSONAS.owner.email, ACME, "?confirm=transfer&newOwner=")).transfer).toMatchObject({
      error: generalSettingsTexts.required,
      confirming: null,
    });
    expect((await load(PERSONAS.owner.email, ACME, `?confirm=transfer&newOwner=${PERSONAS.disabled.id}`)).transfer?.confirming).toBeNull();
    expect((await load(PERSONAS.owner.email, ACME, `?confirm=transfer&newOwner=${PERSONAS.benBaker.id}`)).transfer?.confirming).toEqual({
      userId: PERSONAS.benBaker.id,
      email: PERSONAS.benBaker.email,
    });
  });

  it("refuses someone who is no candidate, changing nothing", async () => {
    const refused = transferError(await post(PERSONAS.disabled.id));
    expect(refused.init.status).toBe(400);
    expect(refused.data.transferError).toBe(generalSettingsTexts.required);
    expect(await roleOf(PERSONAS.owner.id)).toBe("OWNER");
  });

  it("says 'This user already owns too many spaces.' on 409", async () => {
    for (let index = 0; index < 5; index++) {
      const id = `59100000000000${String(index).padStart(2, "0")}`;
      await insertWorkspace(backend.db, { id, name: `Eli space ${index}`, plan: "FREE", isPerSeat: true, domains: [], createdAt: Date.now() });
      await insertMember(backend.db, { workspaceId: id, userId: PERSONAS.eliFischer.id, role: "OWNER", userPlan: "FREE", status: "ACTIVE", createdAt: Date.now() });
    }
    const refused = transferError(await post(PERSONAS.eliFischer.id));
    expect(refused.init.status).toBe(409);
    expect(refused.data.transferError).toBe("This user already owns too many spaces.");
    expect(await roleOf(PERSONAS.owner.id)).toBe("OWNER");
    // Sending it again cannot help: the confirmation no longer offers Transfer (issue 26), only Cancel.
    const confirming = `?confirm=transfer&newOwner=${PERSONAS.eliFischer.id}`;
    const html = renderPage(generalPage, await load(PERSONAS.owner.email, ACME, confirming), {
      path: `${page(ACME)}${confirming}`,
      actionData: refused.data,
    });
    const dialog = html.slice(html.indexOf("<dialog"), html.indexOf("</dialog>"));
    expect(dialog).toContain("This user already owns too many spaces.");
    expect(dialog).toContain(">Cancel</a>");
    expect(dialog).not.toContain(">Transfer</button>");
  });

  it("transfers, and lands on the sent page with the signed transfer banner as a regular member", async () => {
    const target = redirectTarget(await post(PERSONAS.benBaker.id));
    const url = new URL(target!, "http://app.test");
    expect(url.pathname).toBe(`/${ACME.workspaceId}/${ACME.workspaceSlug}/mail-merges/sent`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ banner: "transferred", name: "Acme Marketing", email: PERSONAS.benBaker.email });
    expect(url.searchParams.get("sig")).toMatch(/^[\w-]{32}$/);
    expect(await roleOf(PERSONAS.benBaker.id)).toBe("OWNER");
    expect(await roleOf(PERSONAS.owner.id)).toBe("MEMBER");
    // No longer the owner: the settings are closed to them, and so is a second transfer.
    expect(redirectTarget(await run(loader, appRequest(page(ACME), { cookie: cookies[PERSONAS.owner.email] }), ACME))).toBe(
      `/${ACME.workspaceId}/${ACME.workspaceSlug}/space`,
    );
    expect(redirectTarget(await post(PERSONAS.eliFischer.id))).toBe(`/${ACME.workspaceId}/${ACME.workspaceSlug}/space`);
  });
});
