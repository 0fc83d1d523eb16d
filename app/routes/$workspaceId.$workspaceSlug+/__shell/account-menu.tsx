import type { ActiveShellData } from "../_layout.server";
import { BILLING_INTENTS } from "~/domain/billing-intents";
import { accountMenuTexts } from "~/domain/shell-texts";
import { Avatar, menuItemClass, Disclosure, Icon, lazyHydrated } from "~/components/ui";

/**
 * Switch account and Log out, whose code loads after the page: they sit in a
 * closed menu, and their forms work before.
 */
const GoogleButton = lazyHydrated("google-button", () =>
  import("~/components/google-button").then((module) => module.GoogleButton),
);
const LogoutButton = lazyHydrated("logout-button", () =>
  import("./logout-button").then((module) => module.LogoutButton),
);

/**
 * The account menu (000 §2, 334 px wide): Manage billing (Stripe's portal)
 * when allowed, Switch account, Log out.
 */
export function AccountMenu({ user, billingPage }: { user: ActiveShellData["user"]; billingPage: string | null }) {
  return (
    <Disclosure
      className="relative"
      summaryClassName="flex items-center rounded-full p-0.5 ring-1 ring-slate-200 hover:ring-slate-300"
      panelClassName="absolute right-0 top-full mt-2 w-account-menu max-w-[calc(100vw-1.5rem)] rounded-xl bg-white shadow-lg ring-1 ring-slate-900/10"
      summary={
        <>
          <span className="sr-only">{accountMenuTexts.open}</span>
          <Avatar name={user.userName} pictureUrl={user.profilePictureUrl} />
        </>
      }
    >
      <div className="flex items-center gap-3 border-b border-slate-100 p-4">
        <Avatar name={user.userName} pictureUrl={user.profilePictureUrl} size="md" />
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold text-slate-900">{user.userName}</p>
          <p className="truncate text-sm text-slate-500">{user.userEmail}</p>
        </div>
      </div>
      <ul className="flex flex-col gap-0.5 p-2">
        {billingPage ? (
          <li>
            {/* Opening the portal makes a portal session: a POST to the billing page, which 303s to Stripe. */}
            <form method="post" action={billingPage}>
              <button type="submit" name="intent" value={BILLING_INTENTS.portal} className={menuItemClass}>
                <Icon name="billing" className="h-5 w-5 text-slate-500" />
                {accountMenuTexts.manageBilling}
              </button>
            </form>
          </li>
        ) : null}
        <li>
          <GoogleButton intent="switch-account" label={accountMenuTexts.switchAccount} variant="menu" />
        </li>
        <li>
          <LogoutButton />
        </li>
      </ul>
    </Disclosure>
  );
}
