import { Link, useLocation } from "@remix-run/react";
import type { ActiveShellData } from "../_layout.server";
import { dialogParams, hrefWith, upgradeAction } from "~/domain/shell-nav";
import { shellTexts, topBarTexts } from "~/domain/shell-texts";
import { spacePath, spaceSections } from "~/domain/space-paths";
import { AccountMenu } from "./account-menu";
import { Brand } from "./brand";
import { buttonClass, Disclosure, Icon } from "~/components/ui";
import { Sidebar } from "./sidebar";

/**
 * The top bar: below the tablet breakpoint the navigation drawer and the
 * wordmark; always the Upgrade button (when it applies) and the account menu.
 */
export function TopBar({ shell }: { shell: ActiveShellData }) {
  const { pathname, search } = useLocation();
  const upgrade = upgradeAction(shell.access, shell.urlPrefix, pathname);
  return (
    <header
      data-sticky-top-bar
      className="sticky top-0 z-30 flex h-16 shrink-0 items-center gap-3 border-b border-slate-200 bg-white px-4 tablet:px-8"
    >
      {/* The drawer's switch and its panel alone in one element: what stays outside the inert page while it is open. */}
      <div className="contents">
        <NavigationDrawer />
        <div className={sidebarPlacement}>
          <Sidebar shell={shell} />
        </div>
      </div>
      <Brand to={shell.urlPrefix} className="tablet:hidden" />
      <div className="ml-auto flex items-center gap-3">
        {upgrade ? (
          <Link
            to={
              upgrade.kind === "checkout"
                ? upgrade.href
                : hrefWith(pathname, search, { [dialogParams.upgradeInfo]: "1" })
            }
            preventScrollReset={upgrade.kind === "info"}
            className={buttonClass("primary", "px-3")}
          >
            <Icon name="sparkles" className="h-4 w-4" />
            {topBarTexts.upgrade}
          </Link>
        ) : null}
        <AccountMenu
          user={shell.user}
          billingPage={shell.canManageBilling ? spacePath(shell.urlPrefix, spaceSections.billing) : null}
        />
      </div>
    </header>
  );
}

/**
 * The page has one sidebar, for both layouts (its HTML is not sent twice):
 * from the tablet breakpoint up it is always shown, fixed at the left; below
 * it, it shows as a drawer while the drawer's <details> just before it is open.
 */
const sidebarPlacement =
  "fixed inset-y-0 left-0 z-50 hidden w-sidebar max-w-[85vw] bg-white shadow-xl peer-open:block tablet:block tablet:max-w-none tablet:border-r tablet:border-slate-200 tablet:shadow-none";

/**
 * Below 990 px the sidebar is a drawer, opened by a <details>, so it opens
 * without JavaScript; with it, the drawer is modal (focus stays in it, the page behind is inert).
 */
function NavigationDrawer() {
  return (
    <Disclosure
      modal
      backdrop="dim"
      className="peer tablet:hidden"
      summaryClassName="-ml-2 flex rounded-md p-2 text-slate-700 hover:bg-slate-100"
      summary={
        <>
          <Icon name="menu" className="h-6 w-6" />
          <span className="sr-only">{shellTexts.openNavigation}</span>
        </>
      }
    />
  );
}
