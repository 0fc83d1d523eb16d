import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { spacePath, spaceSections } from "~/domain/space-paths";
import { isGmailAddress } from "~/domain/wrong-plan";
import { requireAccess, requireSpace } from "~/utils/space.server";

/**
 * The per-user checkout pages (options, summary, cannot-downgrade, legacy
 * users), which need billing access (001 §2). In the per-seat layout there
 * are no such steps: the options page leads a domain user to the details
 * step and a Gmail user to billing, as every other of them does.
 */
export async function loadCheckoutEntry(args: LoaderFunctionArgs, page: "options" | "other") {
  const space = await requireSpace(args);
  requireAccess(space, (access) => access.canAccessBilling, "");
  if (space.workspace.isPerSeat) {
    const domainStart = page === "options" && !isGmailAddress(space.me.userEmail);
    throw redirect(spacePath(space.urlPrefix, domainStart ? spaceSections.checkoutDetails : spaceSections.billing));
  }
  return { spaceName: space.workspace.workspaceName, isPerSeat: space.workspace.isPerSeat };
}
