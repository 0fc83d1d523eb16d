import { describe, expect, it } from "vitest";
import { choiceQuery, keptByForm, keptByQuery } from "./legacy-users";

const users = [
  { id: "o", role: "OWNER", status: "ACTIVE", toBeRemoved: false },
  { id: "b", role: "ADMIN", status: "ACTIVE", toBeRemoved: false },
  { id: "a", role: "MEMBER", status: "DISABLED", toBeRemoved: false },
  { id: "r", role: "MEMBER", status: "ACTIVE", toBeRemoved: true },
  { id: "p", role: "MEMBER", status: "PENDING", toBeRemoved: false },
];

describe("the legacy users' choice (001 §4)", () => {
  it("starts from every user not marked for removal", () => {
    expect([...keptByQuery(users, new URLSearchParams())].sort()).toEqual(["a", "b", "o", "p"]);
  });

  it("applies the query's changes, never to the owner or a pending invitee", () => {
    const query = new URLSearchParams("keep=r&remove=a&remove=o&remove=p&remove=unknown");
    expect([...keptByQuery(users, query)].sort()).toEqual(["b", "o", "p", "r"]);
  });

  it("keeps what a form sends of this space's users, and the locked ones", () => {
    expect([...keptByForm(users, ["b", "r", "stranger"])].sort()).toEqual(["b", "o", "p", "r"]);
  });

  it("writes only the moved users, in id order whatever the list's order, keep before remove", () => {
    expect(choiceQuery(users, new Set(["o", "p", "r"])).toString()).toBe("keep=r&remove=a&remove=b");
    expect(choiceQuery([...users].reverse(), new Set(["o", "p", "r"])).toString()).toBe("keep=r&remove=a&remove=b");
    expect(choiceQuery(users, keptByQuery(users, new URLSearchParams())).toString()).toBe("");
  });

  it("round-trips: the query written for a choice gives that choice back", () => {
    const kept = new Set(["o", "p", "a", "r"]);
    expect(keptByQuery(users, choiceQuery(users, kept))).toEqual(kept);
  });
});
