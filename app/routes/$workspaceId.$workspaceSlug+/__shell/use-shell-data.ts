import { useRouteLoaderData } from "@remix-run/react";
import type { ShellData } from "../_layout.server";

const SHELL_ROUTE_ID = "routes/$workspaceId.$workspaceSlug+/_layout";

/** The shell's data, for any page under the space. */
export function useShellData() {
  return useRouteLoaderData(SHELL_ROUTE_ID) as ShellData;
}
