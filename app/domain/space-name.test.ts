import { describe, expect, it } from "vitest";
import { ACCEPTED_NAMES, REFUSED_NAMES } from "../../tests/support/name-characters";
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
      INVALID_CHARACTERS:
        "Space name cannot contain invisible or text-direction characters, or more than 3 marks on a letter.",
      ONLY_REMOVED_CHARACTERS:
        'The characters | & ; $ % @ " < > ( ) + , are removed from space names, which leaves this one empty.',
    });
  });
  it("strips the characters of the 000 §5 sanitiser before counting", () => {
    expect(spaceNameSchema.parse(' <Acme> & "Sons", (UK) | 50% + $;@ ')).toBe("Acme  Sons UK  50");
    expect(messageFor("<a&b>")).toBe(spaceNameMessages.TOO_SHORT);
  });
  it("says why a name of only the sanitiser's characters is empty", () => {
    expect(messageFor("@@@@@@@")).toBe(spaceNameMessages.ONLY_REMOVED_CHARACTERS);
    expect(messageFor(" (%) ")).toBe(spaceNameMessages.ONLY_REMOVED_CHARACTERS);
    expect(messageFor("@@ab")).toBe(spaceNameMessages.TOO_SHORT);
  });
  it.each(REFUSED_NAMES)("refuses a name with %s", (_why, name) => {
    expect(messageFor(name)).toBe(spaceNameMessages.INVALID_CHARACTERS);
  });
  it.each(ACCEPTED_NAMES)("accepts %j", (name) => {
    expect(messageFor(name)).toBeNull();
  });
});
