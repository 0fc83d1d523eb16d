import { useRouteLoaderData } from "@remix-run/react";
import type { ShellData } from "../_layout.server";

const SHELL_ROUTE_ID = "routes/$workspaceId.$workspaceSlug+/_layout";

/** The shell's data, for any page under the space. */
export function useShellData() {
  return useRouteLoaderData(SHELL_ROUTE_ID) as ShellData;
}

/**
 * The shell's data among a page's `meta` matches: there even when the page's
 * own loader gave nothing (a refused action renders the error boundary).
 */
export function shellDataOf(matches: ReadonlyArray<{ id: string; data?: unknown }>) {
  return (matches.find((match) => match.id === SHELL_ROUTE_ID)?.data ?? null) as ShellData | null;
}
