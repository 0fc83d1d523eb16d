import { Link, useLocation } from "@remix-run/react";
import { useId } from "react";
import type { ActiveShellData } from "../_layout.server";
import { dialogParams, hrefWith, sidebarGroups, type NavGroup, type NavItem } from "~/domain/shell-nav";
import { isActivePath } from "~/domain/space-paths";
import { shellTexts, sidebarTexts } from "~/domain/shell-texts";
import { Brand } from "./brand";
import { Icon } from "~/components/ui";
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
      <summary className="nav-group-summary">
        {group.label}
        <Icon name="chevron-down" className="" />
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

/** A sidebar entry: its look, current and disabled states come from .nav-entry (tailwind.css). */
function NavEntry({ item, active }: { item: NavItem; active: boolean }) {
  if (item.disabled) {
    // A link without a destination, announced as unavailable.
    return (
      <a role="link" aria-disabled="true" className="nav-entry">
        <Icon name={item.icon} className="" />
        {item.label}
      </a>
    );
  }
  return (
    <Link to={item.href} aria-current={active ? "page" : undefined} className="nav-entry">
      <Icon name={item.icon} className="" />
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
            <a href={promotion.url} target="_blank" rel="noopener noreferrer" className="promotion">
              <img src={promotion.image} alt="" width={32} height={32} loading="lazy" />
              <span className="min-w-0">
                <span className="promotion-name">
                  {promotion.name}
                  <Icon name="external" className="" />
                  <span className="sr-only">{shellTexts.newTab}</span>
                </span>
                <span className="promotion-description">{promotion.description}</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
