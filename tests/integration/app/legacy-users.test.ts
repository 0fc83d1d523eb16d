/**
 * The legacy users page's list (001 §2 Legacy users screen, §4): its
 * canonical URLs, search and sort, the counter of the whole list, and the
 * keep-or-remove choice carried in the URL through a search, a sort, an
 * added user and Next, through the route's loader and action against the backend.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as legacyUsers from "~/routes/$workspaceId.$workspaceSlug+/checkout+/legacy.users";
import { IDEMPOTENCY_FIELD, newIdempotencyKey } from "~/domain/idempotency";
import { PERSONAS, SPACES } from "../../../backend/src/db/seed/personas";
import { asPersona, pathOf } from "../support/space-pages";
import { loaderData, redirectTarget, signedTarget, startAppBackend, statusOf } from "../support/app";
import type { RunningBackend } from "../support/backend";

let backend: RunningBackend;
beforeAll(async () => {
  backend = await startAppBackend();
});
afterAll(() => backend?.close());

// Oldco Team (a fresh database per file): Lee owns it, Pete and Olga are its other members.
const space = SPACES.oldcoTeam;
const { legacy: lee, petePark: pete, olgaOrtiz: olga } = PERSONAS;
const here = (query = "") => `checkout/legacy/users${query}`;
const url = (query = "") => pathOf(space, here(query));

interface Page {
  rows: Array<{ id: string; email: string; status: string; kept: boolean; locked: boolean }>;
  kept: string[];
  total: number;
  max: number;
}

async function signedIn() {
  const owner = await asPersona(backend, lee.email);
  return {
    get: async (query = "") => owner.get(legacyUsers, space, here(query)),
    page: async (query = "") => loaderData<Page>(await owner.get(legacyUsers, space, here(query))),
    post: (query: string, form: Record<string, string | string[]>) => owner.post(legacyUsers, space, here(query), form),
  };
}

describe("the legacy users list's URL (issue 9: one state, one URL)", () => {
  it("redirects a query written out, in another order or with a page, to its canonical form", async () => {
    const owner = await signedIn();
    const cases: Array<[string, string]> = [
      ["?sort=email&dir=asc&q=", url()],
      ["?page=2", url()],
      ["?dir=asc&sort=status", url("?sort=status")],
      ["?q=%20olga%20", url("?q=olga")],
      // The owner is no choice (always kept), an unknown id none either; choices in id order, before a dialog.
      [`?remove=${lee.id}&remove=stranger`, url()],
      [`?dialog=add&remove=${pete.id}&remove=${olga.id}`, url(`?remove=${olga.id}&remove=${pete.id}&dialog=add`)],
    ];
    for (const [query, target] of cases) {
      expect(redirectTarget(await owner.get(query)), query).toBe(target);
    }
    expect(statusOf(await owner.get(`?q=olga&sort=status&dir=desc&remove=${olga.id}`))).toBe(200);
  });
});

describe("the legacy users list (001 §2)", () => {
  it("searches the name or the e-mail and sorts by e-mail or status, both ways", async () => {
    const owner = await signedIn();
    const emails = async (query: string) => (await owner.page(query)).rows.map((row) => row.email);
    expect(await emails("")).toEqual([lee.email, olga.email, pete.email]);
    expect(await emails("?dir=desc")).toEqual([pete.email, olga.email, lee.email]);
    expect(await emails("?q=olga")).toEqual([olga.email]);
    // Lee Legacy's address is legacy@…: found by the name.
    expect(await emails("?q=lee")).toEqual([lee.email]);
    expect(await emails("?q=nobody-here")).toEqual([]);
  });

  it("counts the kept users of the whole list, whatever the search shows", async () => {
    const owner = await signedIn();
    const all = await owner.page();
    expect(all).toMatchObject({ total: 3, max: 5 });
    expect(all.kept.sort()).toEqual([lee.id, olga.id, pete.id].sort());
    expect(all.rows.find((row) => row.id === lee.id)).toMatchObject({ locked: true, kept: true });

    const searched = await owner.page(`?q=pete&remove=${olga.id}`);
    expect(searched.rows.map((row) => row.id)).toEqual([pete.id]);
    expect(searched.kept.sort()).toEqual([lee.id, pete.id].sort());
    const none = await owner.page(`?q=nobody-here&remove=${olga.id}`);
    expect(none).toMatchObject({ rows: [], total: 3 });
    expect(none.kept).toHaveLength(2);
  });

  it("puts the boxes' choice into the URL, keeping the search and the sort; a 400 for a bad form", async () => {
    const owner = await signedIn();
    // Searching Olga: her box unticked; Pete, hidden by the search, goes as a hidden field, Lee is locked.
    const update = await owner.post("?q=olga&sort=status", { intent: "update", keep: [pete.id] });
    expect(redirectTarget(update)).toBe(url(`?q=olga&sort=status&remove=${olga.id}`));
    const shown = await owner.page(`?q=olga&sort=status&remove=${olga.id}`);
    expect(shown.rows).toMatchObject([{ id: olga.id, kept: false }]);
    expect(shown.kept).toHaveLength(2);
    // Everyone ticked again: back to the plain list.
    expect(redirectTarget(await owner.post(`?remove=${olga.id}`, { intent: "update", keep: [pete.id, olga.id] }))).toBe(
      url(),
    );

    expect(statusOf(await owner.post("", { intent: "sideways" }))).toBe(400);
    expect(statusOf(await owner.post("", { intent: "update", keep: ["not an id"] }))).toBe(400);
  });

  it("adds a user and comes back to the same list and choice, with the banner", async () => {
    const owner = await signedIn();
    const done = await owner.post(`?sort=status&remove=${olga.id}&dialog=add`, {
      intent: "add",
      emails: "nina@oldco.test",
      [IDEMPOTENCY_FIELD]: newIdempotencyKey(),
    });
    expect(signedTarget(done)).toBe(url(`?sort=status&remove=${olga.id}&banner=users-added&added=1`));
    const page = await owner.page(`?sort=status&remove=${olga.id}`);
    // Pending sorts after the members; an invitee is kept (and counted) and cannot be unticked.
    expect(page.rows.at(-1)).toMatchObject({ email: "nina@oldco.test", status: "PENDING", locked: true, kept: true });
    expect(page.kept).toHaveLength(3);
  });

  it("on Next marks the whole list's choice, not only the rows the search shows, then goes to checkout", async () => {
    const owner = await signedIn();
    // Searching Pete, Olga unticked before: the form sends Pete's box and the owner; Olga is not sent.
    const next = await owner.post(`?q=pete&remove=${olga.id}`, { intent: "next", keep: [pete.id, lee.id] });
    expect(redirectTarget(next)).toBe(`${pathOf(space, "checkout")}?plan=PRO&interval=YEARLY`);
    const stored = await owner.page();
    expect(stored.rows.filter((row) => !row.kept).map((row) => row.id)).toEqual([olga.id]);
    // A stored removal starts unticked; the URL's `keep` ticks it again, and Update writes just that.
    expect((await owner.page(`?keep=${olga.id}`)).rows.every((row) => row.kept)).toBe(true);
    const retick = await owner.post("", { intent: "update", keep: [pete.id, olga.id] });
    expect(redirectTarget(retick)).toBe(url(`?keep=${olga.id}`));
  });
});
