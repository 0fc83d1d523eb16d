import { describe, expect, it } from "vitest";
import { endpointOf } from "./http.server";

describe("endpointOf", () => {
  it.each([
    ["GET", "v2", "/users/me", "GET v2 /users/me"],
    ["GET", "v1", "/workspaces/5100000000000001/members", "GET v1 /workspaces/:id/members"],
    ["POST", "v1", "/invitations/Xy3_q-9aBcDeFgHiJkLmNoPqRsTuVwXy/accept", "POST v1 /invitations/:id/accept"],
    ["DELETE", "v1", "/members/5100000000000001/someone%40acme.test", "DELETE v1 /members/:id/:id"],
    ["GET", "v2", "/users/me/scheduledCampaigns/42/pollResults", "GET v2 /users/me/scheduledCampaigns/:id/pollResults"],
    ["GET", "billing", "/workspace-billing/payment-plans/v1", "GET billing /workspace-billing/payment-plans/v1"],
    [
      "POST",
      "billing",
      "/_ah/api/subscriptions/v1/cancelAutoRenewal",
      "POST billing /_ah/api/subscriptions/v1/cancelAutoRenewal",
    ],
    ["GET", "billing", "/spaces/1/subscriptions/v1/sub_pine_two", "GET billing /spaces/:id/subscriptions/v1/:id"],
    ["POST", "v1", "members/change-role", "POST v1 /members/change-role"],
  ] as const)("%s %s %s is %s", (method, base, path, endpoint) => {
    expect(endpointOf(method, base, path)).toBe(endpoint);
  });
});
