import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { iconNames } from "./icon";

const sprite = readFileSync(new URL("./icons.svg", import.meta.url), "utf8");

describe("the icon sprite", () => {
  it("holds one symbol for each icon name, and no other", () => {
    const ids = [...sprite.matchAll(/<symbol id="([^"]+)"/g)].map((match) => match[1]);
    expect(ids.sort()).toEqual([...iconNames].sort());
  });
});
