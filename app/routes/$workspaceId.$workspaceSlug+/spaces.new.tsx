import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { lazyHydrated } from "~/components/ui";
import { pageTitle } from "~/domain/page-title";
import { newSpaceTexts } from "~/domain/new-space-texts";
import { spacePath, spaceSections } from "~/domain/space-paths";
import type { ActiveShellData } from "./_layout.server";
import { loadNewSpacePage, newSpaceAction } from "./spaces.new.server";
import { useShellData } from "./__shell/use-shell-data";

/**
 * The New space dialog, loaded after the page as in the shell (a module of its
 * own for these three lines was one more script file on every space page).
 */
const LazyNewSpaceDialog = lazyHydrated("new-space-page-dialog", () =>
  import("./__shell/new-space-dialog").then((module) => module.NewSpaceDialog),
);

/**
 * /spaces/new: the New space dialog's action, and the same dialog on its own
 * page, over an empty main area, for a GET or for an answer with errors
 * (what was typed is kept).
 */

export async function loader(args: LoaderFunctionArgs) {
  return loadNewSpacePage(args);
}

export async function action(args: ActionFunctionArgs) {
  return newSpaceAction(args);
}

export default function NewSpacePage() {
  const { closeTo } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const shell = useShellData() as ActiveShellData;
  return (
    <LazyNewSpaceDialog
      action={spacePath(shell.urlPrefix, spaceSections.newSpace)}
      closeTo={answer?.closeTo ?? closeTo}
      spaceLimit={shell.spaceLimit}
      idempotencyKey={shell.newSpaceKey}
      lastResult={answer?.result}
    />
  );
}

export const meta = () => pageTitle(newSpaceTexts.title);

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/ui";
