import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { spacePath, spaceSections } from "~/domain/space-paths";
import { checkoutQueryFlag } from "~/domain/checkout-flow";
import { isGmailAddress } from "~/domain/wrong-plan";
import { requireAccess, requireSpace } from "~/utils/space.server";
import { billingPage, loadSubscriptions } from "../../__billing/space-billing.server";

/**
 * The per-user checkout pages (options, summary, cannot-downgrade, legacy
 * users), which need billing access (001 §2) and refuse the plan and cycle
 * changes of 001 §4 with billing's flags. In the per-seat layout there are
 * no such steps: the options page leads a domain user to the details step
 * and a Gmail user to billing, as every other of them does.
 */
export async function loadCheckoutEntry(args: LoaderFunctionArgs, page: "options" | "other") {
  const space = await requireSpace(args);
  requireAccess(space, (access) => access.canAccessBilling, "");
  if (space.workspace.isPerSeat) {
    const domainStart = page === "options" && !isGmailAddress(space.me.userEmail);
    throw redirect(domainStart ? spacePath(space.urlPrefix, spaceSections.checkoutDetails) : billingPage(space));
  }
  const { active } = await loadSubscriptions(space);
  const flag = checkoutQueryFlag(
    new URL(args.request.url).searchParams,
    active && {
      workspacePlan: active.workspacePlan,
      billingInterval: active.billingInterval,
      hasSchedule: active.stripeSubscriptionScheduleId !== null,
    },
  );
  if (flag) throw redirect(`${billingPage(space)}?${flag}=true`);
  return { spaceName: space.workspace.workspaceName, isPerSeat: space.workspace.isPerSeat };
}
