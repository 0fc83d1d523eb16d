/**
 * General settings, rename (issue 7; 002 §2, §5): the owner renames the
 * space and lands on the page at its new address with the saved banner; a
 * refused name keeps what was typed; an unchanged one saves nothing; nobody
 * else may rename, whatever they post.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action, loader } from "~/routes/$workspaceId.$workspaceSlug+/space+/general";
import { spaceNameMessages } from "~/domain/space-name";
import { PERSONAS, SPACES } from "../../../backend/src/db/seed/personas";
import type { RunningBackend } from "../support/backend";
import { appRequest, loaderData, redirectTarget, signedTarget, run, signIn, startAppBackend } from "../support/app";

const ACME = { workspaceId: SPACES.acmeMarketing.id, workspaceSlug: SPACES.acmeMarketing.slug };
const PAGE = `/${ACME.workspaceId}/${ACME.workspaceSlug}/space/general`;

let backend: RunningBackend;
const cookies: Record<string, string> = {};
beforeAll(async () => {
  backend = await startAppBackend();
  for (const person of [PERSONAS.owner, PERSONAS.admin]) cookies[person.email] = (await signIn(backend, person.email)).cookie;
});
afterAll(() => backend?.close());

const storedName = async () =>
  (await backend.db.selectFrom("workspaces").select("name").where("id", "=", ACME.workspaceId).executeTakeFirstOrThrow()).name;
const post = (email: string, form: Record<string, string>) =>
  run(action, appRequest(PAGE, { cookie: cookies[email], method: "POST", form }), ACME);
const refusal = (outcome: Awaited<ReturnType<typeof post>>) =>
  outcome.result as { init: { status: number }; data: { result: { error: Record<string, string[]>; initialValue: Record<string, string> } } };

describe("renaming the space", () => {
  it("shows the owner the current name", async () => {
    const page = loaderData<{ spaceName: string }>(await run(loader, appRequest(PAGE, { cookie: cookies[PERSONAS.owner.email] }), ACME));
    expect(page.spaceName).toBe(await storedName());
  });

  it.each([
    ["too short", "abcd", spaceNameMessages.TOO_SHORT],
    ["blank", "    ", spaceNameMessages.REQUIRED],
    ["too long", "x".repeat(256), spaceNameMessages.TOO_LONG],
    ["turned around", "\u202Egnitekram emca", spaceNameMessages.INVALID_CHARACTERS],
    ["zero-width", "\u200B\u200B\u200B\u200B\u200B", spaceNameMessages.INVALID_CHARACTERS],
    ["joined invisibly", "Acme\u200BMarketing", spaceNameMessages.INVALID_CHARACTERS],
    ["soft-hyphenated", "Acme Mar\u00ADketing", spaceNameMessages.INVALID_CHARACTERS],
    ["sanitised to nothing", "@@@@@@@", spaceNameMessages.ONLY_REMOVED_CHARACTERS],
  ])("refuses a %s name with its message, keeping what was typed", async (_label, spaceName, message) => {
    const before = await storedName();
    const refused = refusal(await post(PERSONAS.owner.email, { intent: "rename", spaceName }));
    expect(refused.init.status).toBe(400);
    expect(refused.data.result.error.spaceName).toEqual([message]);
    expect(refused.data.result.initialValue.spaceName).toBe(spaceName);
    expect(await storedName()).toBe(before);
  });

  it("saves nothing for an unchanged name, without an error", async () => {
    const name = await storedName();
    const outcome = await post(PERSONAS.owner.email, { intent: "rename", spaceName: `  ${name} ` });
    expect(redirectTarget(outcome)).toBe(PAGE);
  });

  it("keeps admins and their forged posts out", async () => {
    const before = await storedName();
    const outcome = await post(PERSONAS.admin.email, { intent: "rename", spaceName: "Admin Takeover" });
    expect(redirectTarget(outcome)).toBe(`/${ACME.workspaceId}/${ACME.workspaceSlug}/space`);
    expect(await storedName()).toBe(before);
  });

  it("answers an unknown intent with 400", async () => {
    const outcome = await post(PERSONAS.owner.email, { intent: "delete-everything", spaceName: "Whatever name" });
    expect(outcome.response?.status).toBe(400);
  });

  it("renames, cleaned as 000 §5 says, and lands at the new address with the saved banner", async () => {
    const outcome = await post(PERSONAS.owner.email, { intent: "rename", spaceName: " Acme <Marketing> & Partners " });
    expect(await storedName()).toBe("Acme Marketing  Partners");
    expect(signedTarget(outcome)).toMatch(new RegExp(`^/${ACME.workspaceId}/[\\w-]+/space/general\\?banner=settings-saved$`));
  });
});
