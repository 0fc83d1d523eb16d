/**
 * The legacy users step's texts (001 §2 Legacy users screen, §4 Legacy users
 * page), verbatim where the spec gives them; "written for this app" marks
 * those it only describes. Apart from the per-user checkout's: the step
 * loads only these.
 */
export const legacyUsersTexts = {
  intro: "Confirm the list of users you want in your space:",
  counter: (count: number, max: number) => `${count} users (out of ${max} max.)`,
  next: "Next: Billing options",
  added: (count: number) =>
    count === 1 ? "The user has been added successfully." : `${count} users have been added successfully`,
  /** Written for this app: 001 §2 "a contact-us link is shown for large lists". */
  largeList: "Need more users than your plan allows?",
  contactUs: "Contact us",
  empty: { title: "Nothing to see here...", text: "You don't have any space members." },
  noMatch: { title: "No results found.", text: "Sorry, there is no space member that fits with your search." },
  /** Written for this app: the table's names. */
  caption: "Users of this space",
  columns: { keep: "Keep", email: "Email", status: "Status" },
  keep: (email: string) => `Keep ${email}`,
  search: "Search users",
  /** Written for this app: without JavaScript, the counter follows the boxes on request. */
  update: "Update the count",
  status: { ACTIVE: "Active", PENDING: "Pending", DISABLED: "Disabled" } as Record<string, string>,
  /** Written for this app: the Disabled status's tooltip. */
  disabledTip: "This user is disabled and cannot send mail merges from this space.",
  failed: "An error occurred. Please try again.",
  /** The Add users dialog's own texts (its title, field and Cancel are the members page's, 002 §2). */
  addUsers: {
    /** Written for this app from 001 §2. */
    statement: (domains: readonly string[]) =>
      `Existing users of ${domains.map((domain) => `@${domain}`).join(", ")} can be added to this space.`,
    submit: (count: number) => (count === 1 ? "Add user" : `Add ${count} users`),
  },
} as const;
