import { describe, expect, it } from "vitest";
import { refusalHeaders } from "./refusals.server";

describe("refusalHeaders", () => {
  it("says what is answered on a 405 and when to retry on a 503, nothing on the others", () => {
    expect(Object.fromEntries(refusalHeaders(405))).toEqual({ allow: "GET, HEAD, POST" });
    expect(Object.fromEntries(refusalHeaders(503))).toEqual({ "retry-after": "10" });
    for (const status of [400, 403, 413, 415]) expect([...refusalHeaders(status)]).toEqual([]);
  });
});
