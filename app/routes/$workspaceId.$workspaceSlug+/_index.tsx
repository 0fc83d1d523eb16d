import type { LoaderFunctionArgs } from "@remix-run/node";
import { forwardInSpace } from "~/utils/redirects.server";
import { spaceSections } from "~/domain/space-paths";

/** The space's own URL shows its sent mail merges. */
export const loader = (args: LoaderFunctionArgs) => forwardInSpace(args, spaceSections.sent);
