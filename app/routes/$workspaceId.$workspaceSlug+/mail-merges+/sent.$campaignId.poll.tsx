import { spacePageLoader } from "~/utils/space-page.server";

/** The sent detail dialog's Poll results tab (002 §2); its body comes with the mail merges issue. */
export const loader = spacePageLoader();

export default function SentPollResults() {
  return null;
}
