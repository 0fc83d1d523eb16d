import { lazyHydrated } from "~/components/ui";

/** The New space dialog, whose code (conform and zod) no page's first load carries. */
export const LazyNewSpaceDialog = lazyHydrated(() =>
  import("./new-space-dialog").then((module) => module.NewSpaceDialog),
);
