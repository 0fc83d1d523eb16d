import { describe, expect, it, vi } from "vitest";
import { REFUSAL_HEADER as FRONT_DOOR_HEADER, refusalFor } from "../../scripts/front-door.mjs";
import { REFUSAL_HEADER, frontDoorRefusal, refusalDocument, refusedAtTheDoor } from "./refusals.server";

const request = (headers: Record<string, string> = {}) => new Request("http://app.test/login", { headers });

describe("the front door's refusals", () => {
  it("is one header on both sides", () => {
    expect(REFUSAL_HEADER).toBe(FRONT_DOOR_HEADER);
  });

  it("reads only the statuses the front door sets", () => {
    expect(frontDoorRefusal(request({ [REFUSAL_HEADER]: "403" }))).toBe(403);
    expect(frontDoorRefusal(request({ [REFUSAL_HEADER]: "405" }))).toBe(405);
    expect(frontDoorRefusal(request({ [REFUSAL_HEADER]: "200" }))).toBeNull();
    expect(frontDoorRefusal(request())).toBeNull();
  });

  it("answers a refused request with its status before the handler runs", async () => {
    const handler = vi.fn();
    const guarded = refusedAtTheDoor(handler as (args: { request: Request }) => unknown);
    const thrown = (() => {
      try {
        guarded({ request: request({ [REFUSAL_HEADER]: "405" }) });
      } catch (error) {
        return error;
      }
    })();
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(405);
    expect((thrown as Response).headers.get("Allow")).toBe("GET, HEAD, POST");
    expect(handler).not.toHaveBeenCalled();
    guarded({ request: request() });
    expect(handler).toHaveBeenCalledOnce();
  });
});

describe("refusalFor (scripts/front-door.mjs)", () => {
  it.each(["TRACE", "TRACK", "CONNECT", "OPTIONS", "PROPFIND", "PUT", "DELETE"])("refuses %s with 405", (method) => {
    expect(refusalFor(method, { host: "app.test" })).toBe(405);
  });

  it("refuses a POST from another origin with 403, as Remix's own check would", () => {
    expect(refusalFor("POST", { host: "app.test", origin: "https://evil.test" })).toBe(403);
    expect(refusalFor("POST", { host: "app.test", origin: "not a url" })).toBe(403);
    expect(refusalFor("POST", { host: "internal:3000", "x-forwarded-host": "app.test", origin: "https://app.test" })).toBeNull();
  });

  it("lets same-origin writes, origin-less writes and reads through", () => {
    expect(refusalFor("POST", { host: "app.test", origin: "http://app.test" })).toBeNull();
    expect(refusalFor("POST", { host: "app.test" })).toBeNull();
    expect(refusalFor("GET", { host: "app.test", origin: "https://evil.test" })).toBeNull();
    expect(refusalFor("HEAD", { host: "app.test" })).toBeNull();
  });
});

describe("refusalDocument", () => {
  it.each([403, 405, 503] as const)("is a small %i page with the generic texts of 000 §8", async (status) => {
    const response = refusalDocument(status, new Headers({ "X-Frame-Options": "DENY" }));
    expect(response.status).toBe(status);
    expect(response.headers.get("X-Frame-Options")).toBe("DENY");
    expect(response.headers.get("Retry-After")).toBe(status === 503 ? "10" : null);
    const html = await response.text();
    expect(html).toContain("<h1>Something went wrong.</h1>");
    expect(html).toContain("Please try again later.");
    expect(html).toContain('lang="en"');
  });
});
