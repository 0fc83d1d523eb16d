import { describe, expect, it } from "vitest";
import { ACCEPTED_NAMES, REFUSED_NAMES } from "../../../tests/support/name-characters";
import { personalSpaceName, workspaceNameError, workspaceNameSchema } from "./workspace-name";

describe("workspace name rules", () => {
  it.each([
    [undefined, "REQUIRED"],
    [null, "REQUIRED"],
    ["", "REQUIRED"],
    ["    ", "REQUIRED"],
    ["abcd", "TOO_SHORT"],
    ["  abcd  ", "TOO_SHORT"],
    ["x".repeat(256), "TOO_LONG"],
    ["<$%@>", "REQUIRED"],
  ])("%j is refused with %s", (value, code) => {
    const result = workspaceNameSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe(code);
  });

  it.each([
    ["abcde", "abcde"],
    ["  Acme Sales  ", "Acme Sales"],
    [` ${"x".repeat(255)} `, "x".repeat(255)],
    ['Acme & "Sons" (UK), <b>', "Acme  Sons UK b"],
    ["Équipe Café 🎉", "Équipe Café 🎉"],
  ])("%j is accepted as %j", (value, name) => {
    expect(workspaceNameSchema.parse(value)).toBe(name);
  });

  it.each(REFUSED_NAMES)("refuses a name with %s as INVALID_CHARACTERS", (_why, name) => {
    expect(workspaceNameError(name)).toBe("INVALID_CHARACTERS");
  });

  it.each(ACCEPTED_NAMES)("accepts %j", (name) => {
    expect(workspaceNameError(name)).toBeNull();
  });

  it("counts characters as the user sees them, not UTF-16 units", () => {
    expect(workspaceNameError("🚀🚀🚀🚀")).toBe("TOO_SHORT");
    expect(workspaceNameError("🚀".repeat(255))).toBeNull();
  });
});

describe("personalSpaceName", () => {
  it("cleans a name Google gave: sanitiser characters and text-direction marks go", () => {
    expect(personalSpaceName("\u202ESam <Solo>", "solo@gmail.com")).toBe("Sam Solo's space");
    expect(personalSpaceName("Sam\u200B Solo\u00AD", "solo@gmail.com")).toBe("Sam Solo's space");
  });

  it("uses the user's name", () => {
    expect(personalSpaceName("Sam Solo", "solo@gmail.com")).toBe("Sam Solo's space");
  });

  it("falls back to the e-mail's local part when the name is too short", () => {
    expect(personalSpaceName("", "newcomer@startup.test")).toBe("newcomer's space");
    expect(personalSpaceName(" J ", "jo.doe@startup.test")).toBe("jo.doe's space");
  });

  it("stays within 255 characters", () => {
    const name = personalSpaceName("n".repeat(300), "long@startup.test");
    expect([...name]).toHaveLength(255);
    expect(name.endsWith("'s space")).toBe(true);
  });
});
