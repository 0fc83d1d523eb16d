import { forwardInSpace } from "~/utils/redirects.server";
import { spaceSections } from "~/domain/space-paths";

/** The space's own URL shows its sent mail merges. */
export const loader = forwardInSpace(spaceSections.sent);
