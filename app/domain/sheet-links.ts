/**
 * A campaign's mergeSourceSheetKey is "{spreadsheetId}-{sheetId}" (002 §3).
 * Spreadsheet ids may contain hyphens themselves, so the key splits at the
 * LAST hyphen.
 */
export interface SheetKey {
  spreadsheetId: string;
  /** The tab's gid; null when the key has no sheet part. */
  sheetId: string | null;
}

export function parseSheetKey(key: string): SheetKey | null {
  const trimmed = key.trim();
  if (!trimmed) return null;
  const at = trimmed.lastIndexOf("-");
  if (at <= 0) return { spreadsheetId: trimmed, sheetId: null };
  const sheetId = trimmed.slice(at + 1);
  return { spreadsheetId: trimmed.slice(0, at), sheetId: sheetId || null };
}

/** https://docs.google.com/spreadsheets/d/{id}/edit#gid={sheetId}, or null for an empty key. */
export function sheetUrl(key: string): string | null {
  const parsed = parseSheetKey(key);
  if (!parsed) return null;
  const base = `https://docs.google.com/spreadsheets/d/${encodeURIComponent(parsed.spreadsheetId)}/edit`;
  return parsed.sheetId ? `${base}#gid=${encodeURIComponent(parsed.sheetId)}` : base;
}

/** The texts of a table's "open the spreadsheet" link. */
export const sheetLinkTexts = {
  open: "Open",
  openSheetOf: (name: string) => `Open ${name} in Google Sheets`,
  newTab: "(opens in a new tab)",
} as const;
