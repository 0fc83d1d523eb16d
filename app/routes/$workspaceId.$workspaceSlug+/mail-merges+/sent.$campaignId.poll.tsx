import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadSpacePage } from "~/utils/space-page.server";

/** The sent detail dialog's Poll results tab (002 §2); its body comes with the mail merges issue. */
export const loader = (args: LoaderFunctionArgs) => loadSpacePage(args);

export default function SentPollResults() {
  return null;
}
