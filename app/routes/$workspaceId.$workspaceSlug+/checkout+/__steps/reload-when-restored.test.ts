import { describe, expect, it } from "vitest";
import { reloadWhenRestored } from "./reload-when-restored";

const pageshow = (persisted: boolean) => Object.assign(new Event("pageshow"), { persisted });

describe("reloadWhenRestored (001 §4 Purchase flow)", () => {
  it("reloads a page the browser shows again from its back-forward cache, and only that", () => {
    const page = new EventTarget();
    let reloads = 0;
    const stop = reloadWhenRestored(page, () => reloads++);
    page.dispatchEvent(pageshow(false));
    expect(reloads).toBe(0);
    page.dispatchEvent(pageshow(true));
    expect(reloads).toBe(1);
    stop();
    page.dispatchEvent(pageshow(true));
    expect(reloads).toBe(1);
  });
});
