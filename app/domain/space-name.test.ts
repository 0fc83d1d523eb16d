import { describe, expect, it } from "vitest";
import { spaceNameMessages, spaceNameSchema } from "./space-name";

function messageFor(value: unknown) {
  const result = spaceNameSchema.safeParse(value);
  return result.success ? null : result.error.issues[0]!.message;
}

describe("space name", () => {
  it("requires a value", () => {
    expect(messageFor(undefined)).toBe(spaceNameMessages.REQUIRED);
    expect(messageFor("")).toBe(spaceNameMessages.REQUIRED);
    expect(messageFor("     ")).toBe(spaceNameMessages.REQUIRED);
  });
  it("counts characters after trimming", () => {
    expect(messageFor("  abcd  ")).toBe(spaceNameMessages.TOO_SHORT);
    expect(spaceNameSchema.parse("  abcde  ")).toBe("abcde");
  });
  it("accepts 255 characters and refuses 256", () => {
    expect(messageFor("a".repeat(255))).toBeNull();
    expect(messageFor("a".repeat(256))).toBe(spaceNameMessages.TOO_LONG);
  });
  it("uses the spec's exact texts", () => {
    expect(spaceNameMessages).toEqual({
      REQUIRED: "Please fill in this field.",
      TOO_SHORT: "Space name should contain at least 5 characters.",
      TOO_LONG: "Space name could contain at most 255 characters.",
    });
  });
});
