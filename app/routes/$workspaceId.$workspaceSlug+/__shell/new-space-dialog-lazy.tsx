import { lazy, Suspense, type ComponentProps } from "react";

type NewSpaceDialogComponent = typeof import("./new-space-dialog").NewSpaceDialog;

const LazyDialog = lazy(() => import("./new-space-dialog").then((module) => ({ default: module.NewSpaceDialog })));

// The server has the dialog from the start and renders it directly, in full:
// browsers without JavaScript never get a streamed placeholder.
let serverDialog: NewSpaceDialogComponent | null = null;
if (typeof document === "undefined") {
  void import("./new-space-dialog").then((module) => {
    serverDialog = module.NewSpaceDialog;
  });
}

/**
 * The New space dialog, whose code (conform and zod) the browser loads only
 * when it opens: no page's first load should carry it (ARCHITECTURE budgets).
 * When the server rendered it open, the Suspense boundary keeps that HTML on
 * screen until the code has arrived, then hydrates it. In the browser it is
 * always the lazy component, so a re-render never remounts the form (which
 * would lose what was typed).
 */
export function LazyNewSpaceDialog(props: ComponentProps<NewSpaceDialogComponent>) {
  const Dialog = serverDialog ?? LazyDialog;
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
