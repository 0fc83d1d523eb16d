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
      INVALID_CHARACTERS: "Space name cannot contain invisible or text-direction characters.",
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
  it.each([
    "\u202Eevil.exe",
    "Acme\u200FSales",
    "Acme\u2066Sales",
    "Acme\u0007Sales",
    "Acme\u0085Sales",
    "\u200B\u200B\u200B\u200B\u200B",
    "Acme\u200BMarketing",
    "Acme\u00ADMarketing",
    "Acme\u2060Marketing",
    "Acme\uFEFFMarketing",
    "Acme\u200DMarketing",
    "Acme\u2028Marketing",
    "Acme\u3164Marketing",
    "Acme\uE000Marketing",
    "Acme\u{E0041}Marketing",
  ])(
    "refuses the invisible or text-direction character in %j",
    (name) => {
      expect(messageFor(name)).toBe(spaceNameMessages.INVALID_CHARACTERS);
    },
  );
  it.each(["Équipe Café", "Acme 🎉 Sales", "東京オフィス", "Acme\u00A0Sales", "Ünïcödé ❤️ space"])("accepts %j", (name) => {
    expect(messageFor(name)).toBeNull();
  });
});
