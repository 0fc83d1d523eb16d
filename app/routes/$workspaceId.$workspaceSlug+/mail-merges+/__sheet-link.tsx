import { sheetLinkTexts, sheetUrl } from "~/domain/sheet-links";

/**
 * A list row's link to its spreadsheet, in a new tab, named for assistive
 * technology; nothing for a row without a sheet. Made from the sheet's key
 * here, so a list's loader data carries the short key, not the URL.
 */
export function SheetLink({
  sheetKey,
  spreadsheetName,
  sheetName,
}: {
  sheetKey: string;
  spreadsheetName: string;
  sheetName: string;
}) {
  const url = sheetUrl(sheetKey);
  if (!url) return null;
  const name = [spreadsheetName, sheetName].filter(Boolean).join(" - ");
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`${sheetLinkTexts.openSheetOf(name)} ${sheetLinkTexts.newTab}`}
      className="sheet-link"
    >
      <span>{sheetLinkTexts.open}</span>
    </a>
  );
}
