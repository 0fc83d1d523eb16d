import { describe, expect, it } from "vitest";
import { backendPath, endpointOf } from "./http.server";

describe("backendPath", () => {
  it("encodes each value and names it :id in the template", () => {
    const path = backendPath`/members/${"5100000000000001"}/${"someone@acme.test"}`;
    expect(path.path).toBe("/members/5100000000000001/someone%40acme.test");
    expect(path.template).toBe("/members/:id/:id");
  });

  it("splices a path built before, whole", () => {
    const space = backendPath`/workspace-billing/workspaces/${"1"}`;
    const path = backendPath`${space}/subscriptions/v1/${"sub_pine_two"}`;
    expect(path.path).toBe("/workspace-billing/workspaces/1/subscriptions/v1/sub_pine_two");
    expect(path.template).toBe("/workspace-billing/workspaces/:id/subscriptions/v1/:id");
  });

  it("keeps a value that looks like a word out of the template (a made-up campaign id)", () => {
    expect(backendPath`/users/me/campaigns/${"zzqqxxcccc"}`.template).toBe("/users/me/campaigns/:id");
  });
});

describe("endpointOf", () => {
  it.each([
    ["GET", "v2", backendPath`/users/me`, "GET v2 /users/me"],
    ["GET", "v1", backendPath`/workspaces/${"5100000000000001"}/members`, "GET v1 /workspaces/:id/members"],
    [
      "POST",
      "v1",
      backendPath`/invitations/${"Xy3_q-9aBcDeFgHiJkLmNoPqRsTuVwXy"}/accept`,
      "POST v1 /invitations/:id/accept",
    ],
    ["GET", "v2", backendPath`/users/me/campaigns/${"pollResults"}`, "GET v2 /users/me/campaigns/:id"],
    ["POST", "v1", backendPath`members/change-role`, "POST v1 /members/change-role"],
  ] as const)("%s %s is %s", (method, base, path, endpoint) => {
    expect(endpointOf(method, base, path)).toBe(endpoint);
  });
});
