import type { Role } from "./account-types";
import type { SpaceAccess } from "./permissions";
import { switcherTarget } from "./permissions";
import { sidebarTexts } from "./shell-texts";
import { isActivePath, spacePath, spaceSections } from "./space-paths";

/**
 * What the shell shows for a space and a path (000 §2, §6; 001 §6): the
 * sidebar's groups and links, the Upgrade button, and the URL-state dialogs.
 */

export type NavIcon =
  "mail-merges" | "unsubscriptions" | "bounces" | "team-report" | "templates" | "general" | "users" | "billing";

export interface NavItem {
  icon: NavIcon;
  label: string;
  href: string;
  /** The link is active on this path and below it. */
  activePrefix: string;
  /** Shown, but not a link. */
  disabled: boolean;
}

export interface NavGroup {
  id: "mail-merges" | "settings";
  label: string;
  items: NavItem[];
  note: string | null;
}

type NavAccess = Pick<
  SpaceAccess,
  | "canAccessBounces"
  | "canAccessTeamReport"
  | "canManageSettings"
  | "canAccessGeneralSettings"
  | "canAccessUsersPage"
  | "canAccessBilling"
  | "usersLabel"
>;

function item(
  urlPrefix: string,
  icon: NavIcon,
  label: string,
  section: string,
  options: { activeSection?: string; disabled?: boolean } = {},
): NavItem {
  return {
    icon,
    label,
    href: spacePath(urlPrefix, section),
    activePrefix: spacePath(urlPrefix, options.activeSection ?? section),
    disabled: options.disabled ?? false,
  };
}

export function sidebarGroups(urlPrefix: string, access: NavAccess): NavGroup[] {
  const settingsLocked = !access.canManageSettings;
  const mailMerges: (NavItem | false)[] = [
    // Active for both sent and scheduled.
    item(urlPrefix, "mail-merges", sidebarTexts.mailMerges, spaceSections.sent, { activeSection: "mail-merges" }),
    item(urlPrefix, "unsubscriptions", sidebarTexts.unsubscriptions, spaceSections.unsubscriptions),
    access.canAccessBounces && item(urlPrefix, "bounces", sidebarTexts.bounces, spaceSections.bounces),
    access.canAccessTeamReport && item(urlPrefix, "team-report", sidebarTexts.teamReport, spaceSections.teamReport),
    item(urlPrefix, "templates", sidebarTexts.templates, spaceSections.templates),
  ];
  const settings: (NavItem | false)[] = [
    item(urlPrefix, "general", sidebarTexts.general, spaceSections.general, {
      disabled: settingsLocked || !access.canAccessGeneralSettings,
    }),
    access.canAccessUsersPage &&
      item(urlPrefix, "users", access.usersLabel, spaceSections.users, { disabled: settingsLocked }),
    access.canAccessBilling &&
      item(urlPrefix, "billing", sidebarTexts.billing, spaceSections.billing, { disabled: settingsLocked }),
  ];
  return [
    { id: "mail-merges", label: sidebarTexts.mailMergesGroup, items: mailMerges.filter(isItem), note: null },
    {
      id: "settings",
      label: sidebarTexts.settingsGroup,
      items: settings.filter(isItem),
      note: settingsLocked ? sidebarTexts.settingsDisabled : null,
    },
  ];
}

function isItem(value: NavItem | false): value is NavItem {
  return value !== false;
}

/** Where choosing a space in the switcher goes: its general settings (owner) or users page. */
export function switcherHref(space: { urlPrefix: string; userRole: Role }) {
  return spacePath(space.urlPrefix, switcherTarget(space.userRole));
}

export type UpgradeAction = { kind: "checkout"; href: string } | { kind: "info" } | null;

type UpgradeAccess = Pick<SpaceAccess, "workspacePlan" | "isPerSeat" | "canAccessBilling" | "isFreeMemberOfProSpace">;

/**
 * The top bar's Upgrade button (000 §2, 001 §6). A free member of a Pro space
 * asks the owner or an admin (the Upgrade info dialog). On a FREE space,
 * outside billing and checkout, whoever can buy goes to checkout (its details
 * step in the per-seat layout); anyone else gets the info dialog.
 */
export function upgradeAction(access: UpgradeAccess, urlPrefix: string, pathname: string): UpgradeAction {
  if (access.isFreeMemberOfProSpace) return { kind: "info" };
  if (access.workspacePlan !== "FREE") return null;
  const onBilling = [spaceSections.billing, spaceSections.checkout].some((section) =>
    isActivePath(pathname, spacePath(urlPrefix, section)),
  );
  if (onBilling) return null;
  if (!access.canAccessBilling) return { kind: "info" };
  return {
    kind: "checkout",
    href: spacePath(urlPrefix, access.isPerSeat ? spaceSections.checkoutDetails : spaceSections.checkout),
  };
}

/** The Upgrade info dialog applies to whoever cannot buy for the space themselves. */
export function needsUpgradeInfo(access: Pick<SpaceAccess, "canAccessBilling" | "isFreeMemberOfProSpace">) {
  return access.isFreeMemberOfProSpace || !access.canAccessBilling;
}

/** Query flags that open the shell's dialogs (URL state: they work without JavaScript). */
export const dialogParams = { newSpace: "new-space", upgradeInfo: "upgrade-info" } as const;

export function isFlagSet(searchParams: URLSearchParams, flag: string) {
  return searchParams.get(flag) === "1";
}

/** The same location with extra query parameters set (or, with null, removed). */
export function hrefWith(pathname: string, search: string, changes: Record<string, string | null>) {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) params.delete(key);
    else params.set(key, value);
  }
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** The resource route that dismisses the legacy banner for good. */
export function legacyBannerPath(urlPrefix: string) {
  return spacePath(urlPrefix, "legacy-banner");
}

/** Where a payment alert's Dismiss posts (001 §4). */
export function paymentAlertPath(urlPrefix: string) {
  return spacePath(urlPrefix, "payment-alert");
}
