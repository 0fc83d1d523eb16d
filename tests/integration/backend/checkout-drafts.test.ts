import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERSONAS, SPACES } from "../../../backend/src/db/seed/personas";
import { startBackend, type RunningBackend } from "../support/backend";
import { signedInClient } from "./support/api";

let backend: RunningBackend;
beforeAll(async () => {
  backend = await startBackend();
});
afterAll(() => backend?.close());

const draftPath = (workspaceId: string) => `/billing/workspace-billing/workspaces/${workspaceId}/checkout-drafts/v1`;

describe("checkout drafts (kept between the checkout steps)", () => {
  it("keeps the caller's own answers per space, replaced by each save", async () => {
    const sales = await signedInClient(backend, PERSONAS.salesLead.email);
    expect((await sales.get(draftPath(SPACES.acmeSales.id))).body).toEqual({ draft: null });

    expect((await sales.put(draftPath(SPACES.acmeSales.id), { draft: { seats: "4", city: "Lyon" } })).status).toBe(204);
    expect((await sales.get(draftPath(SPACES.acmeSales.id))).body).toEqual({ draft: { seats: "4", city: "Lyon" } });
    await sales.put(draftPath(SPACES.acmeSales.id), { draft: { seats: "5" } });
    expect((await sales.get(draftPath(SPACES.acmeSales.id))).body).toEqual({ draft: { seats: "5" } });

    // Another member of the same space has a draft of their own.
    const owner = await signedInClient(backend, PERSONAS.owner.email);
    expect((await owner.get(draftPath(SPACES.acmeSales.id))).body).toEqual({ draft: null });
  });

  it("forgets a draft after a day", async () => {
    const sales = await signedInClient(backend, PERSONAS.salesLead.email);
    await sales.put(draftPath(SPACES.acmeSales.id), { draft: { seats: "7" } });
    await backend.db
      .updateTable("checkout_drafts")
      .set({ updated_at: Date.now() - 25 * 60 * 60 * 1000 })
      .where("workspace_id", "=", SPACES.acmeSales.id)
      .execute();
    expect((await sales.get(draftPath(SPACES.acmeSales.id))).body).toEqual({ draft: null });
  });

  it("refuses outsiders, disabled members and drafts that are not a few short strings", async () => {
    const solo = await signedInClient(backend, PERSONAS.solo.email);
    expect((await solo.get(draftPath(SPACES.acmeSales.id))).status).toBe(403);
    const disabled = await signedInClient(backend, PERSONAS.disabled.email);
    expect((await disabled.put(draftPath(SPACES.acmeMarketing.id), { draft: {} })).status).toBe(403);

    const sales = await signedInClient(backend, PERSONAS.salesLead.email);
    for (const draft of [
      { seats: 4 },
      { "bad key": "x" },
      { city: "x".repeat(513) },
      Object.fromEntries(Array.from({ length: 21 }, (_, index) => [`k${String.fromCharCode(97 + index)}`, "x"])),
    ]) {
      expect((await sales.put(draftPath(SPACES.acmeSales.id), { draft })).status).toBe(400);
    }
  });
});
