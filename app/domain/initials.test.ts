import { describe, expect, it } from "vitest";
import { initials } from "./initials";

describe("initials", () => {
  it("takes the first letters of up to two words", () => {
    expect(initials("Olivia Owner")).toBe("OO");
    expect(initials("Mary Ann Smith")).toBe("MA");
  });
  it("handles one word, extra spaces and lower case", () => {
    expect(initials("  sam  ")).toBe("S");
    expect(initials("ada   lovelace")).toBe("AL");
  });
  it("gives an empty string without a name", () => {
    expect(initials("")).toBe("");
    expect(initials(null)).toBe("");
  });
});
