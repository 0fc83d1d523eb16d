/**
 * Written for this app (issue 26): what the members page says when a change
 * is refused for a reason 002 has no text for.
 */
export const memberRefusalTexts = {
  /** A change that another tab or person made first: nothing was changed. */
  gone: {
    invitation: {
      title: "An invitation you selected is no longer pending.",
      detail:
        "It was cancelled or accepted in the meantime. Nothing was changed; the list shows where things stand now.",
    },
    member: {
      title: "A member you selected is no longer in the space.",
      detail: "They were removed in the meantime. Nothing was changed; the list shows where things stand now.",
    },
  },
  /** The backend's invitation mail limits (backend/README.md "Invitation mails"): nothing was sent. */
  mailLimit: {
    recipient: "Too many invitations were sent to this address recently. Please try again later.",
    sending: "Too many invitations have been sent recently. Please try again later.",
  },
} as const;

export type GoneKind = keyof typeof memberRefusalTexts.gone;
