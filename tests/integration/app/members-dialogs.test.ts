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

describe("room for newcomers", () => {
  const add = (emails: string) => ({ intent: "add", emails });

  it("says the limit of one submission for more than 100 addresses, not that one address cannot be added", async () => {
    const many = Array.from({ length: 101 }, (_, index) => `person${index}@acme.test`).join(" ");
    const text = await read(PERSONAS.owner.email, SPACES.acmeMarketing, "?dialog=add", add(many));
    expect(text).toContain("Enter at most 100 email addresses at a time.");
    expect(text).not.toContain("This address cannot be added");
  });

  it("after a partial add, counts the seats left after it and offers the owner Add seats", async () => {
    // Acme Marketing has 2 seats left: the third address is refused for want of one.
    const persona = await asPersona(backend, PERSONAS.owner.email);
    const answer = loaderData(
      await persona.post(
        usersPage,
        SPACES.acmeMarketing,
        `${USERS}?dialog=add`,
        add("p1@acme.test p2@acme.test p3@acme.test"),
      ),
    );
    const data = loaderData<{ add: { room: unknown } }>(
      await persona.get(usersPage, SPACES.acmeMarketing, `${USERS}?dialog=add`),
    );
    expect(data.add.room).toEqual({ kind: "seats", left: 0 });
    const html = renderPage(usersPage, data, {
      path: `/${SPACES.acmeMarketing.id}/${SPACES.acmeMarketing.slug}/${USERS}?dialog=add`,
      actionData: answer,
    });
    const text = textOf(html);
    expect(text).toContain("2 members added.");
    expect(text).toContain(
      "There are 0 available seats in this space so you can add 0 members. To add more members you need to add more seats to the space first. Add seats",
    );
    expect(html).toContain(
      `href="/${SPACES.acmeMarketing.id}/${SPACES.acmeMarketing.slug}/checkout/add-seats?seats=1"`,
    );
  });

  it("tells an admin short of seats to ask the owner, with no link to a checkout they cannot open", async () => {
    const text = await read(PERSONAS.admin.email, SPACES.acmeMarketing, "?dialog=add", add("p4@acme.test"));
    expect(text).toContain(
      "There are 0 available seats in this space so you can add 0 members. To add more members you need to add more seats to the space first. If you want to add more members, please contact the space owner to purchase additional seats.",
    );
  });

  it("says there is no seat left as the dialog opens, before anything is sent", async () => {
    const text = await read(PERSONAS.owner.email, SPACES.acmeMarketing, "?dialog=add");
    expect(text).toContain(
      "There are 0 available seats in this space so you can add 0 members. To add more members you need to add more seats to the space first. Add seats",
    );
  });

  it("closes Add members on a Free space whose plan takes no one more, with the way to upgrade, and hints only removal", async () => {
    const persona = await asPersona(backend, PERSONAS.bea.email);
    const data = loaderData<{ add: { open: boolean; closedBy: string; moreRoom: unknown }; hints: string[] }>(
      await persona.get(usersPage, SPACES.birchWorks, `${USERS}?dialog=add`),
    );
    expect(data.add).toMatchObject({
      open: false,
      closedBy: "Your current plan does not allow you to add other users.",
      moreRoom: { kind: "upgrade", href: `/${SPACES.birchWorks.id}/${SPACES.birchWorks.slug}/checkout/details` },
    });
    expect(data.hints).toEqual(["Remove them from the space"]);
    const text = textOf(
      renderPage(usersPage, data, { path: `/${SPACES.birchWorks.id}/${SPACES.birchWorks.slug}/${USERS}` }),
    );
    expect(text).toContain("Upgrade to add members");
    expect(text).not.toContain("Change their role");
    // The owner of a paying space keeps both hints.
    expect(await read(PERSONAS.owner.email, SPACES.acmeMarketing, "")).toContain("Change their role");
  });
});
