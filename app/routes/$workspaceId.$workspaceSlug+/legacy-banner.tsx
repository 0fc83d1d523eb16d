import type { ActionFunctionArgs } from "@remix-run/node";
import { dismissLegacyBannerSchema } from "./__legacy-banner-schema";
import { backToSpace, dismissThenGoBack } from "./__shell/dismissal.server";

export { backToSpace as loader };

/** Dismisses the legacy-plan banner of this space for good (000 §4), then goes back. */
export function action(args: ActionFunctionArgs) {
  return dismissThenGoBack(args, dismissLegacyBannerSchema, (space) => ({
    list: "dismissedLegacyBanners",
    key: space.workspace.workspaceId,
  }));
}
