import type { Role, WorkspacePlan } from "./account-types";

/** Every text of the workspace shell: sidebar, top bar, menus, dialogs (000 §2, §8). */

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

export const newSpaceTexts = {
  title: "New space",
  description: "A space gathers the people you send mail merges with, their unsubscriptions, bounces and billing.",
  nameLabel: "Space name",
  namePlaceholder: "e.g. Acme Marketing",
  nameHint: "Between 5 and 255 characters.",
  create: "Create",
  creating: "Creating…",
  cancel: "Cancel",
  tooManySpaces: (max: number) =>
    `You already own ${max} spaces, the most one person can own. Delete or transfer one of them to create another.`,
} as const;

export const upgradeInfoTexts = {
  title: "Upgrade",
  explanation: (spaceName: string) =>
    `Only the owner or an admin of ${spaceName} can upgrade. Ask one of them to upgrade your plan.`,
  contacts: "Who to contact",
  noContacts: "We could not load the owner and admins of this space. Please try again later.",
  done: "Got it",
} as const;
