import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LazyHydratedCollector, LazyHydratedIds, lazyHydrated, loadRenderedLazyHydrated } from "./lazy-hydrated";

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the page's list of lazily hydrated components", () => {
  it("names those the server rendered, once each, and no other", async () => {
    const Shown = lazyHydrated("test-shown", async () => (props: { text: string }) => <p>{props.text}</p>);
    lazyHydrated("test-not-shown", async () => () => <p>never</p>);
    await settle();
    const html = renderToString(
      <LazyHydratedCollector value={new Set()}>
        <Shown text="one" />
        <Shown text="two" />
        <LazyHydratedIds nonce="abc" />
      </LazyHydratedCollector>,
    );
    expect(html).toContain("<p>one</p>");
    expect(html).toContain('<script nonce="abc">window.__lazyHydrated=["test-shown"]</script>');
  });

  it("is an empty list when rendered on the server outside entry.server", () => {
    expect(renderToString(<LazyHydratedIds />)).toBe("<script>window.__lazyHydrated=[]</script>");
  });
});

describe("loadRenderedLazyHydrated", () => {
  it("loads the code of the components the page names, and of one met inside another's code, before hydration", async () => {
    vi.stubGlobal("document", {});
    const loads: string[] = [];
    lazyHydrated("test-outer", async () => {
      loads.push("outer");
      // A module loaded lazily defines its own lazily hydrated part.
      lazyHydrated("test-inner", async () => {
        loads.push("inner");
        return () => null;
      });
      return () => null;
    });
    lazyHydrated("test-elsewhere", async () => {
      loads.push("elsewhere");
      return () => null;
    });
    lazyHydrated("test-failing", () => Promise.reject(new Error("offline")));
    vi.stubGlobal("window", { __lazyHydrated: ["test-failing", "test-outer", "test-inner", "test-unknown"] });
    await loadRenderedLazyHydrated();
    expect(loads).toEqual(["outer", "inner"]);
  });

  it("has nothing to wait for on a page without such components", async () => {
    vi.stubGlobal("window", {});
    await expect(loadRenderedLazyHydrated()).resolves.toBeUndefined();
  });
});

describe("ids", () => {
  it("are unique across the app: the page names components by them", () => {
    const appDirectory = path.resolve(import.meta.dirname, "../..");
    const ids = readdirSync(appDirectory, { recursive: true, encoding: "utf8" })
      .filter((file) => /\.tsx?$/.test(file) && !file.includes(".test."))
      .flatMap((file) => [
        ...readFileSync(path.join(appDirectory, file), "utf8").matchAll(/lazy(?:Hydrated|ConformForm)\(\s*"([^"]+)"/g),
      ])
      .map((match) => match[1]);
    expect(ids.length).toBeGreaterThan(20);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });
});
