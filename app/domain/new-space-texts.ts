/** The New space dialog's texts (000 §2), in the shell and on /spaces/new. */
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
