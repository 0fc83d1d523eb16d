import {
  createContext,
  lazy,
  Suspense,
  useContext,
  useEffect,
  useRef,
  useState,
  type ComponentProps,
  type ComponentType,
  type ReactElement,
} from "react";
import type { ZodTypeAny } from "zod";

/** The ids of the lazily hydrated components the server rendered into this page (entry.server provides it). */
const renderedOnServer = createContext<Set<string> | null>(null);
export const LazyHydratedCollector = renderedOnServer.Provider;

/** Each lazily hydrated component's loader, by id, as its module registers it. */
const loaders = new Map<string, () => Promise<unknown>>();
const PAGE_IDS = "__lazyHydrated";
declare global {
  interface Window {
    [PAGE_IDS]?: string[];
  }
}

/**
 * A component whose code the browser loads only after the page's first load
 * (ARCHITECTURE budgets): forms that validate with conform and zod, dialogs
 * that open rarely. The server has the code from the start and renders it in
 * full, so the page works before (and without) JavaScript. The browser loads
 * the code of those the server rendered before it hydrates the page
 * (loadRenderedLazyHydrated): a Suspense boundary still waiting for its code
 * when an update reaches it is rendered anew, dropping what was typed into it.
 * One opened later (a dialog after a navigation) shows once its code has
 * arrived. `id` names it in the page: unique across the app.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component: its props are checked where it is used
export function lazyHydrated<Component extends ComponentType<any>>(id: string, load: () => Promise<Component>) {
  let loaded: Component | null = null;
  let loading: Promise<Component> | null = null;
  const loadOnce = () =>
    (loading ??= load().then((component) => {
      loaded = component;
      return component;
    }));
  loaders.set(id, loadOnce);
  if (typeof document === "undefined") void loadOnce();
  const LazyComponent = lazy(() => loadOnce().then((component) => ({ default: component })));

  return function LazyHydrated(props: ComponentProps<Component>) {
    useContext(renderedOnServer)?.add(id);
    // One component type for the instance's life: a switch would remount it and lose what was typed.
    const [Loaded] = useState(() => (loaded ?? LazyComponent) as ComponentType<ComponentProps<Component>>);
    const [ready, setReady] = useState(() => typeof document === "undefined" || loaded !== null);
    useEffect(() => {
      if (!ready) void loadOnce().then(() => setReady(true));
    }, [ready]);
    const element = (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
    // Until its code is here, the boundary keeps its first props: new ones would make React render it anew.
    const first = useRef<ReactElement | null>(null);
    if (ready) return element;
    first.current ??= element;
    return first.current;
  };
}

/**
 * Placed after the page's content: tells the browser which lazily hydrated
 * components the server rendered, so that their code loads before hydration.
 */
export function LazyHydratedIds({ nonce }: { nonce?: string }) {
  const rendered = useContext(renderedOnServer);
  // Without the collector on the server (a page rendered outside entry.server, as in tests) there is no list.
  const ids = rendered ? [...rendered] : typeof window === "undefined" ? [] : (window[PAGE_IDS] ?? []);
  const script = `window.${PAGE_IDS}=${JSON.stringify(ids).replace(/</g, "\\u003c")}`;
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: script }} />;
}

/** Loads the code of the components LazyHydratedIds names, in rounds: one inside another's code registers when that code has run. */
export async function loadRenderedLazyHydrated() {
  const ids = window[PAGE_IDS] ?? [];
  const started = new Set<string>();
  for (;;) {
    const next = ids.filter((id) => !started.has(id) && loaders.has(id));
    if (next.length === 0) return;
    next.forEach((id) => started.add(id));
    await Promise.allSettled(next.map((id) => loaders.get(id)!()));
  }
}

/**
 * The conform form of one schema (./conform-form), rendered in full by the
 * server and hydrated once conform, zod and the schema have loaded: pass the
 * schema's module lazily, `lazyConformForm("x-form", () => import("./__x-schema").then((m) => m.xSchema))`.
 */
export function lazyConformForm(id: string, loadSchema: () => Promise<ZodTypeAny>) {
  return lazyHydrated(id, async () => {
    const [{ conformFormFor }, schema] = await Promise.all([import("./conform-form"), loadSchema()]);
    return conformFormFor(schema);
  });
}
