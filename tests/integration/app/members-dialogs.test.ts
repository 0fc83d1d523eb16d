/**
 * The Members page's dialogs and drawer as a person reads them (issue 26;
 * 002 §2, §5, §6, §8): the page's loader and action against a started
 * backend, then the page rendered with what they gave.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as usersPage from "~/routes/$workspaceId.$workspaceSlug+/space+/users";
import { PERSONAS, SPACES } from "../../../backend/src/db/seed/personas";
import type { RunningBackend } from "../support/backend";
import { loaderData, startAppBackend } from "../support/app";
import { asPersona, type Space } from "../support/space-pages";
import { renderPage, textOf } from "../support/render-page";

let backend: RunningBackend;
beforeAll(async () => {
  backend = await startAppBackend();
});
afterAll(() => backend?.close());

const USERS = "space/users";

/** The page as the persona reads it at `query`, after posting `form` there when given. */
async function read(email: string, space: Space, query: string, form?: Record<string, string>) {
  const persona = await asPersona(backend, email);
  const actionData = form ? loaderData(await persona.post(usersPage, space, `${USERS}${query}`, form)) : undefined;
  const data = loaderData(await persona.get(usersPage, space, `${USERS}${query}`));
  return textOf(renderPage(usersPage, data, { path: `/${space.id}/${space.slug}/${USERS}${query}`, actionData }));
}

describe("the add dialogs' words", () => {
  it("says users were added in the Add users dialog of a legacy team space", async () => {
    const text = await read(PERSONAS.legacy.email, SPACES.oldcoTeam, "?dialog=add", {
      intent: "add",
      emails: "fresh.user@oldco.test, outsider@elsewhere.test",
    });
    expect(text).toContain("1 user added. They will receive an invite link by email.");
    expect(text).not.toContain("member added");
  });
});

describe("the drawer's reasons", () => {
  it("tells a legacy space's owner why a paid user stays, without a downgrade the screen does not offer", async () => {
    const text = await read(PERSONAS.legacy.email, SPACES.oldcoTeam, `?selected=${PERSONAS.olgaOrtiz.id}`);
    expect(text).toContain("1 member selected");
    expect(text).toContain(
      "Paid users of a legacy plan cannot be removed here: the space owner chooses the users to keep when switching to a new plan.",
    );
    expect(text).not.toContain("downgrade them to free");
  });
});
