import { describe, expect, it, vi } from "vitest";
import type { AuthContext } from "./caller.server";
import type { BackendRequest } from "./http.server";
import { markMembersToBeRemoved } from "./members.server";

function recordingAuth() {
  const requests: BackendRequest<unknown>[] = [];
  const auth = {
    call: vi.fn(async (request: BackendRequest<unknown>) => {
      requests.push(request);
      return undefined;
    }),
  } as unknown as AuthContext;
  return { auth, requests };
}

const marks = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ userId: `user-${index}`, toBeRemoved: index % 2 === 0 }));

describe("markMembersToBeRemoved (001 §4 Legacy users page)", () => {
  it("sends a space of up to 100 members in one call", async () => {
    const { auth, requests } = recordingAuth();
    await markMembersToBeRemoved(auth, "space 1", marks(100));
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: "PATCH",
      path: { path: "/workspaces/space%201/members", template: "/workspaces/:id/members" },
    });
    expect(requests[0]!.body).toEqual({ members: marks(100) });
  });

  it("splits a larger space into calls of at most 100 marks (the backend's limit), every member once", async () => {
    const { auth, requests } = recordingAuth();
    await markMembersToBeRemoved(auth, "space-1", marks(250));
    const batches = requests.map((request) => (request.body as { members: unknown[] }).members);
    expect(batches.map((batch) => batch.length)).toEqual([100, 100, 50]);
    expect(batches.flat()).toEqual(marks(250));
  });
});
