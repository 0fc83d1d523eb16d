import { lazy, Suspense, type ComponentProps, type ComponentType } from "react";
import type { ZodTypeAny } from "zod";

/**
 * A component whose code the browser loads only after the page's first load
 * (ARCHITECTURE budgets): forms that validate with conform and zod, dialogs
 * that open rarely. The server has the code from the start and renders it in
 * full, so the page works before (and without) JavaScript; in the browser the
 * Suspense boundary keeps that HTML on screen until the code has arrived,
 * then hydrates it. In the browser it is always the lazy component, so a
 * re-render never remounts the form (which would lose what was typed).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component: its props are checked where it is used
export function lazyHydrated<Component extends ComponentType<any>>(load: () => Promise<Component>) {
  let serverComponent: Component | null = null;
  if (typeof document === "undefined") {
    void load().then((component) => {
      serverComponent = component;
    });
  }
  const LazyComponent = lazy(() => load().then((component) => ({ default: component })));

  return function LazyHydrated(props: ComponentProps<Component>) {
    const Loaded = (serverComponent ?? LazyComponent) as ComponentType<ComponentProps<Component>>;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}

/**
 * The conform form of one schema (./conform-form), rendered in full by the
 * server and hydrated once conform, zod and the schema have loaded: pass the
 * schema's module lazily, `lazyConformForm(() => import("./__x-schema").then((m) => m.xSchema))`.
 */
export function lazyConformForm(loadSchema: () => Promise<ZodTypeAny>) {
  return lazyHydrated(async () => {
    const [{ conformFormFor }, schema] = await Promise.all([import("./conform-form"), loadSchema()]);
    return conformFormFor(schema);
  });
}
