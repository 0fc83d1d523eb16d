import {
  lazy,
  Suspense,
  useEffect,
  useRef,
  useState,
  type ComponentProps,
  type ComponentType,
  type ReactElement,
} from "react";
import type { ZodTypeAny } from "zod";

/**
 * A component whose code the browser loads only after the page's first load
 * (ARCHITECTURE budgets): forms that validate with conform and zod, dialogs
 * that open rarely. The server has the code from the start and renders it in
 * full, so the page works before (and without) JavaScript; in the browser the
 * Suspense boundary keeps that HTML on screen until the code has arrived,
 * then hydrates it. In the browser it is always the lazy component, so a
 * re-render never remounts the form (which would lose what was typed), and
 * until the code has arrived the boundary keeps its first props.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component: its props are checked where it is used
export function lazyHydrated<Component extends ComponentType<any>>(load: () => Promise<Component>) {
  let loaded: Component | null = null;
  let loading: Promise<Component> | null = null;
  const loadOnce = () =>
    (loading ??= load().then((component) => {
      loaded = component;
      return component;
    }));
  if (typeof document === "undefined") void loadOnce();
  const LazyComponent = lazy(() => loadOnce().then((component) => ({ default: component })));

  return function LazyHydrated(props: ComponentProps<Component>) {
    const inBrowser = typeof document !== "undefined";
    const Loaded = (inBrowser ? LazyComponent : (loaded ?? LazyComponent)) as ComponentType<ComponentProps<Component>>;
    const [ready, setReady] = useState(() => !inBrowser || loaded !== null);
    useEffect(() => {
      if (!ready) void loadOnce().then(() => setReady(true));
    }, [ready]);
    const element = (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
    // Until its code is here, the server's HTML keeps its first props: new ones would make React drop
    // it (and whatever was typed into it) and render it anew, blank until the code arrives.
    const first = useRef<ReactElement | null>(null);
    if (ready) return element;
    first.current ??= element;
    return first.current;
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
