/** The Upgrade info dialog's texts (000 §2). */
export const upgradeInfoTexts = {
  title: "Upgrade",
  explanation: (spaceName: string) =>
    `Only the owner or an admin of ${spaceName} can upgrade. Ask one of them to upgrade your plan.`,
  contacts: "Who to contact",
  noContacts: "We could not load the owner and admins of this space. Please try again later.",
  done: "Got it",
} as const;
