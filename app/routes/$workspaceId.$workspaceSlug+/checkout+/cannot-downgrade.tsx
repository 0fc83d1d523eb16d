import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Banner, buttonClass } from "~/components/ui";
import { perUserTexts } from "~/domain/per-user-texts";
import { blockedChange, type BlockedChange } from "~/domain/per-user-checkout";
import { pageTitle } from "~/domain/page-title";
import { pageTexts } from "~/domain/page-texts";
import { spacePath, spaceSections } from "~/domain/space-paths";
import { CheckoutHeader } from "./__steps/checkout-header";
import {
  beforeOptions,
  blockedByDomains,
  loadPerUserCheckout,
  perUserHref,
  perUserSections,
} from "./__steps/per-user.server";

const texts = perUserTexts.cannotDowngrade;

/**
 * 001 §2 Cannot-downgrade: the Pro plan takes only users of the owner's
 * domain. Only a move to Pro with users of several domains is stopped
 * here, its title and notice worded for what was asked (a downgrade, a
 * cycle change, who is paid, an upgrade): any other choice, or a page without plan and cycle (001 §2), goes
 * to its options. Back goes one step back: past the options, which send
 * this choice straight here again, to the members page it came from, the
 * legacy users list of a legacy upgrade (where users can be left out), or billing.
 */
export async function loader(args: LoaderFunctionArgs) {
  const checkout = await loadPerUserCheckout(args);
  if (!checkout.hasTarget || !blockedByDomains(checkout)) {
    throw redirect(perUserHref(checkout, perUserSections.options));
  }
  const { space } = checkout;
  const owner = checkout.users.find((user) => user.role === "OWNER")?.email ?? space.me.userEmail;
  const change = blockedChange(checkout.flow, {
    from: checkout.active?.billingInterval ?? null,
    to: checkout.target.interval,
  });
  return {
    title: titles[change](space.workspace.workspaceName),
    change,
    backTo: checkout.fromUsers ? spacePath(space.urlPrefix, spaceSections.users) : beforeOptions(checkout),
    domain: owner.slice(owner.lastIndexOf("@") + 1),
    users: spacePath(space.urlPrefix, spaceSections.users),
  };
}

/** The title of what was asked, as its review would be titled (001 §2 Summary step). */
const titles: Record<BlockedChange, (space: string) => string> = {
  downgrade: perUserTexts.titles.downgrading,
  cycle: perUserTexts.titles.cycle,
  "paid-users": perUserTexts.titles.upgrading,
  upgrade: perUserTexts.titles.upgrading,
};

export default function CannotDowngrade() {
  const page = useLoaderData<typeof loader>();
  return (
    <>
      <CheckoutHeader title={page.title} backTo={page.backTo} steps={[]} current={null} />
      <div className="max-w-2xl">
        <Banner tone="info" title={texts.warning} detail={texts.detail(page.domain, page.change)} />
        <Link to={page.users} className={`${buttonClass("secondary")} mt-4`}>
          {texts.manageUsers}
        </Link>
      </div>
    </>
  );
}

export const meta = ({ data }: { data?: { title: string } }) =>
  pageTitle(data?.title ?? pageTexts.cannotDowngrade.title);

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/ui";
