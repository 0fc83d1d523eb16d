/**
 * General settings (002 §2, §5): rename the space. Texts the spec gives are
 * quoted; the field label and button names are ours (the spec names none).
 */
export const generalSettingsTexts = {
  nameLabel: "Space name",
  save: "Save",
  cancel: "Cancel",
  /** 002 §2. */
  saved: "Your general settings have been saved.",
} as const;

export const GENERAL_INTENTS = { rename: "rename" } as const;
