import type { Role, WorkspacePlan } from "./account-types";

/**
 * The texts of the workspace shell: sidebar, top bar, menus, every dialog's
 * Close (000 §2, §8). In the UI primitives' chunk, on every page: those of
 * the New space and Upgrade info dialogs, which load after the page, are in
 * ./new-space-texts and ./upgrade-info-texts.
 */

export const shellTexts = {
  skipToContent: "Skip to main content",
  brand: "YAMM",
  home: "YAMM home",
  mainNavigation: "Main",
  openNavigation: "Menu",
  newTab: "(opens in a new tab)",
  close: "Close",
} as const;

export const sidebarTexts = {
  mailMergesGroup: "Mail merges",
  mailMerges: "Mail merges",
  unsubscriptions: "Unsubscriptions",
  bounces: "Bounces",
  teamReport: "Team report",
  templates: "Templates",
  settingsGroup: "Space settings",
  general: "General",
  billing: "Billing",
  settingsDisabled: "You cannot manage settings if you are not an owner or admin of the selected space.",
  installAddon: "Install the add-on",
  installAddonDetail: "Follow the tutorial to send your first mail merge from Google Sheets.",
  promotions: "More tools from our team",
} as const;

export const switcherTexts = {
  label: "Current space",
  open: "Switch space",
  spaces: "Your spaces",
  createSpace: "Create space",
  current: "current",
} as const;

export const planLabels: Record<WorkspacePlan, string> = {
  FREE: "Free",
  PRO: "Pro",
  PREMIUM: "Premium",
  LEGACY: "Legacy",
  OFFLINE: "Offline",
};

export const roleLabels: Record<Role, string> = {
  OWNER: "Owner",
  ADMIN: "Admin",
  MEMBER: "Member",
};

export const accountMenuTexts = {
  open: "Account menu",
  manageBilling: "Manage billing",
  switchAccount: "Switch account",
  logOut: "Log out",
} as const;

export const topBarTexts = {
  upgrade: "Upgrade",
} as const;
