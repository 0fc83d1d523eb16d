import { Link, useLocation } from "@remix-run/react";
import { useId } from "react";
import type { ActiveShellData } from "../_layout.server";
import { dialogParams, hrefWith, isActivePath, sidebarGroups, type NavGroup, type NavItem } from "~/domain/shell-nav";
import { shellTexts, sidebarTexts } from "~/domain/shell-texts";
import { Brand } from "./brand";
import { chevronOpenClass } from "~/components/ui/disclosure";
import { Icon } from "~/components/ui/icon";
import { SpaceSwitcher } from "./space-switcher";

/**
 * The sidebar's content (000 §2): the space switcher, the navigation in
 * collapsible groups, the add-on tutorial link and the promotions. The shell
 * shows it fixed from the tablet breakpoint up, and in a drawer below it.
 */
export function Sidebar({ shell }: { shell: ActiveShellData }) {
  const { pathname, search } = useLocation();
  const groups = sidebarGroups(shell.urlPrefix, shell.access);
  return (
    <div className="flex h-full flex-col gap-5 overflow-y-auto px-3 pb-4 pt-4">
      <Brand to={shell.urlPrefix} className="px-2" />
      <SpaceSwitcher
        spaces={shell.spaces}
        currentId={shell.workspace.workspaceId}
        createSpaceHref={hrefWith(pathname, search, { [dialogParams.newSpace]: "1" })}
      />
      <nav aria-label={shellTexts.mainNavigation} className="flex flex-col gap-3">
        {groups.map((group) => (
          <NavSection key={group.id} group={group} pathname={pathname} />
        ))}
      </nav>
      <div className="mt-auto flex flex-col gap-3">
        {shell.user.hasInstalledAddon ? null : <InstallAddonLink />}
        <Promotions promotions={shell.promotions} />
      </div>
    </div>
  );
}

function NavSection({ group, pathname }: { group: NavGroup; pathname: string }) {
  const noteId = useId();
  return (
    <details open>
      <summary className="flex cursor-pointer list-none items-center justify-between rounded-md px-2 py-1.5 text-xs font-semibold uppercase tracking-wide text-slate-500 hover:text-slate-800 [&::-webkit-details-marker]:hidden">
        {group.label}
        <Icon name="chevron-down" className={`h-4 w-4 ${chevronOpenClass}`} />
      </summary>
      <ul className="mt-1 flex flex-col gap-0.5" aria-describedby={group.note ? noteId : undefined}>
        {group.items.map((item) => (
          <li key={item.href}>
            <NavEntry item={item} active={isActivePath(pathname, item.activePrefix)} />
          </li>
        ))}
      </ul>
      {group.note ? (
        <p id={noteId} className="mx-1 mt-2 flex gap-2 rounded-md bg-slate-100 p-2.5 text-xs leading-5 text-slate-600">
          <Icon name="info" className="mt-0.5 h-4 w-4 text-slate-500" />
          {group.note}
        </p>
      ) : null}
    </details>
  );
}

const entryClass = "flex items-center gap-3 rounded-md px-2 py-2 text-sm font-medium";

function NavEntry({ item, active }: { item: NavItem; active: boolean }) {
  if (item.disabled) {
    // A link without a destination, announced as unavailable.
    return (
      <a role="link" aria-disabled="true" className={`${entryClass} cursor-not-allowed text-slate-400`}>
        <Icon name={item.icon} className="h-5 w-5" />
        {item.label}
      </a>
    );
  }
  return (
    <Link
      to={item.href}
      aria-current={active ? "page" : undefined}
      className={`${entryClass} ${active ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"}`}
    >
      <Icon name={item.icon} className={`h-5 w-5 ${active ? "text-brand-600" : "text-slate-400"}`} />
      {item.label}
    </Link>
  );
}

/** 000 §2: shown to someone with no add-on installation yet; the tutorial is the onboarding wizard. */
function InstallAddonLink() {
  return (
    <Link to="/get-started" className="group block rounded-lg bg-brand-600 p-3 text-white shadow-sm hover:bg-brand-700">
      <span className="flex items-center gap-2 text-sm font-semibold">
        <Icon name="download" className="h-5 w-5" />
        {sidebarTexts.installAddon}
      </span>
      <span className="mt-1 block text-xs text-brand-100">{sidebarTexts.installAddonDetail}</span>
    </Link>
  );
}

/** The provider's other products, as text ads (000 §1); the loader already dropped malformed ones. */
function Promotions({ promotions }: { promotions: ActiveShellData["promotions"] }) {
  const headingId = useId();
  if (promotions.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="border-t border-slate-200 pt-3">
      <h2 id={headingId} className="px-2 text-xs font-semibold uppercase tracking-wide text-slate-500">
        {sidebarTexts.promotions}
      </h2>
      <ul className="mt-2 flex flex-col gap-1">
        {promotions.map((promotion) => (
          <li key={promotion.productId}>
            <a
              href={promotion.url}
              target="_blank"
              rel="noopener noreferrer"
              className="flex gap-3 rounded-md px-2 py-2 hover:bg-slate-100"
            >
              <img
                src={promotion.image}
                alt=""
                width={32}
                height={32}
                loading="lazy"
                className="h-8 w-8 shrink-0 rounded-md"
              />
              <span className="min-w-0">
                <span className="flex items-center gap-1 text-sm font-medium text-slate-800">
                  {promotion.name}
                  <Icon name="external" className="h-3.5 w-3.5 text-slate-400" />
                  <span className="sr-only">{shellTexts.newTab}</span>
                </span>
                <span className="mt-0.5 block text-xs leading-5 text-slate-500">{promotion.description}</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
