/** Titles (the browser tab's "{title} | YAMM") and headings of the space pages (002 §2, 001 §2). */
export const pageTexts = {
  mailMerges: { title: "Mail merges", heading: "Mail Merges" },
  // 002 §2: both tabs are the page titled "Mail merges"; the headings name the tab for screen readers.
  sent: { title: "Mail merges", heading: "Sent mail merges" },
  scheduled: { title: "Mail merges", heading: "Scheduled mail merges" },
  unsubscriptions: { title: "Unsubscriptions", heading: "Unsubscriptions" },
  bounces: { title: "Bounces", heading: "Bounces" },
  teamReport: { title: "Team report", heading: "Team report" },
  templates: { title: "Templates", heading: "Templates" },
  general: { title: "General settings", heading: "General settings" },
  members: { title: "Members", heading: (spaceName: string) => `Members ${spaceName}` },
  manageUsers: { title: "Manage Users", heading: () => "Manage Users" },
  billing: { title: "Billing", heading: "Billing" },
  checkoutPerSeat: { title: "Upgrade", heading: (spaceName: string) => `Upgrade ${spaceName}` },
  checkoutPerUser: { title: "Upgrading", heading: (spaceName: string) => `Upgrading ${spaceName}` },
  addSeats: { title: "Add seats", heading: (spaceName: string) => `Add seats for ${spaceName}` },
  removeSeats: { title: "Remove unused seats", heading: (spaceName: string) => `Remove unused seats for ${spaceName}` },
  legacyUsers: { title: "Confirm users", heading: "Confirm the list of users you want in your space:" },
  cannotDowngrade: { title: "Cannot downgrade" },
  notFound: { title: "Page not found", heading: "Page not found", back: "Go to my dashboard" },
} as const;

/** 001 §2: "Upgrade {space}" in the per-seat layout, "Upgrading {space}" in the per-user one. */
export function checkoutTexts(isPerSeat: boolean) {
  return isPerSeat ? pageTexts.checkoutPerSeat : pageTexts.checkoutPerUser;
}
