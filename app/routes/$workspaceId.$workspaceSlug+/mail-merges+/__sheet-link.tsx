import { sheetLinkTexts } from "~/domain/sheet-links";
import { Icon } from "~/components/ui/icon";

/** A list row's link to its spreadsheet, in a new tab, named for assistive technology. */
export function SheetLink({
  url,
  spreadsheetName,
  sheetName,
  labelClassName,
}: {
  url: string;
  spreadsheetName: string;
  sheetName: string;
  /** Where the visible "Open" shows (e.g. only on wide screens). */
  labelClassName?: string;
}) {
  const name = [spreadsheetName, sheetName].filter(Boolean).join(" - ");
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`${sheetLinkTexts.openSheetOf(name)} ${sheetLinkTexts.newTab}`}
      className="inline-flex items-center gap-1 rounded-md px-2 py-1 font-medium text-brand-700 hover:bg-brand-50"
    >
      <span className={labelClassName}>{sheetLinkTexts.open}</span>
      <Icon name="external" className="h-4 w-4" />
    </a>
  );
}
