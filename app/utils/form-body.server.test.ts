import { describe, expect, it } from "vitest";
import { formBodyRefusal, MAX_FORM_BYTES } from "./form-body.server";

const FORM = "application/x-www-form-urlencoded";

describe("formBodyRefusal", () => {
  it("lets reads through whatever their headers", () => {
    expect(formBodyRefusal("GET", "application/json", "99999999")).toBeNull();
    expect(formBodyRefusal("HEAD", undefined, undefined)).toBeNull();
  });

  it("refuses a body that is no HTML form with 415", () => {
    expect(formBodyRefusal("POST", "application/json", "2")).toBe(415);
    expect(formBodyRefusal("POST", "text/plain", "2")).toBe(415);
    expect(formBodyRefusal("POST", undefined, undefined)).toBe(415);
  });

  it("takes both form encodings, parameters and case aside", () => {
    expect(formBodyRefusal("POST", `${FORM}; charset=UTF-8`, "10")).toBeNull();
    expect(formBodyRefusal("POST", "Multipart/Form-Data; boundary=x", "10")).toBeNull();
  });

  it("refuses a declared length past the limit with 413, and one that is no length with 400", () => {
    expect(formBodyRefusal("POST", FORM, String(MAX_FORM_BYTES))).toBeNull();
    expect(formBodyRefusal("POST", FORM, String(MAX_FORM_BYTES + 1))).toBe(413);
    expect(formBodyRefusal("POST", FORM, "-1")).toBe(400);
    expect(formBodyRefusal("POST", FORM, "ten")).toBe(400);
  });

  it("leaves a body without a declared length to be measured as it is read", () => {
    expect(formBodyRefusal("POST", FORM, undefined)).toBeNull();
  });
});
