import { describe, expect, it } from "vitest";
import { thumbnailUrl } from "./thumbnails.server";

describe("template thumbnails", () => {
  it("shows the build's fingerprinted copy of a thumbnail in public/images/templates", () => {
    const url = thumbnailUrl("/images/templates/tpl-03.svg");
    expect(url).not.toBe("/images/templates/tpl-03.svg");
    expect(url).toMatch(/tpl-03.*\.svg$/);
  });

  it("keeps any other thumbnail as the backend gives it", () => {
    expect(thumbnailUrl("/images/templates/tpl-99.svg")).toBe("/images/templates/tpl-99.svg");
    expect(thumbnailUrl("https://cdn.example.com/tpl-03.svg")).toBe("https://cdn.example.com/tpl-03.svg");
    expect(thumbnailUrl(null)).toBeNull();
  });
});
