import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERSONAS } from "../../../backend/src/db/seed/personas";
import { startBackend, type RunningBackend } from "../support/backend";
import { apiClient, signedInClient } from "./support/api";

let backend: RunningBackend;
beforeAll(async () => {
  backend = await startBackend();
});
afterAll(() => backend?.close());

describe("GET /cannon", () => {
  it("answers the sidebar promotions as stored, the malformed one included", async () => {
    const client = await signedInClient(backend, PERSONAS.member.email);
    const { status, body } = await client.get("/api/v1/cannon?project=webapp&placement=sidebar");

    expect(status).toBe(200);
    expect(body.enabled).toBe(true);
    expect(body.promotions).toHaveLength(4);
    const complete = body.promotions.filter((promotion: Record<string, unknown>) =>
      ["name", "description", "image", "type", "url", "productId"].every((key) => typeof promotion[key] === "string"),
    );
    expect(complete).toHaveLength(3);
    expect(complete[0]).toEqual({
      name: "Form Publisher",
      description: expect.any(String),
      image: "/images/promo-form-publisher.svg",
      type: "text",
      url: expect.stringMatching(/^https:\/\//),
      productId: "form-publisher",
    });
    expect(body.promotions[3]).toMatchObject({ name: "Sheets Sync", description: null });
  });

  it("answers an unknown placement as disabled, and 400 without project or placement", async () => {
    const client = await signedInClient(backend, PERSONAS.member.email);
    expect(await client.get("/api/v1/cannon?project=webapp&placement=footer")).toEqual({
      status: 200,
      body: { enabled: false, promotions: [] },
    });
    expect((await client.get("/api/v1/cannon?project=webapp")).status).toBe(400);
    expect((await client.get("/api/v1/cannon")).body.error).toBe("invalid_request");
  });

  it("needs a session", async () => {
    expect((await apiClient(backend).get("/api/v1/cannon?project=webapp&placement=sidebar")).status).toBe(401);
  });
});

describe("POST /events", () => {
  it("stores the event for the signed-in identity and answers 202", async () => {
    const client = await signedInClient(backend, "newcomer@startup.test");
    const answer = await client.post("/api/v1/events", { type: "ad_click", params: { productId: "form-publisher" } });
    expect(answer).toEqual({ status: 202, body: null });

    const stored = await backend.db
      .selectFrom("events")
      .selectAll()
      .where("user_email", "=", "newcomer@startup.test")
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ type: "ad_click" });
    expect(JSON.parse(stored[0].params!)).toEqual({ productId: "form-publisher" });
  });

  it("accepts an event without params", async () => {
    const client = await signedInClient(backend, PERSONAS.owner.email);
    expect((await client.post("/api/v1/events", { type: "login" })).status).toBe(202);
  });

  it.each([[{}], [{ type: "" }], [{ type: "login", params: [1, 2] }], [{ type: 7 }], ["login"]])(
    "answers 400 for %j",
    async (body) => {
      const client = await signedInClient(backend, PERSONAS.owner.email);
      const answer = await client.post("/api/v1/events", body);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe("invalid_request");
    },
  );

  it("answers 401 without a session", async () => {
    expect((await apiClient(backend).post("/api/v1/events", { type: "login" })).status).toBe(401);
  });
});
