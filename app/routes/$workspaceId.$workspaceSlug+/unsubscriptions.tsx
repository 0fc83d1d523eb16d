import { PageHeading } from "~/components/page-heading";
import { pageTitle } from "~/domain/page-title";
import { pageTexts } from "~/domain/page-texts";
import { spacePageLoader } from "~/utils/space-page.server";

export const loader = spacePageLoader();

export default function Page() {
  return <PageHeading>{pageTexts.unsubscriptions.heading}</PageHeading>;
}

export const meta = () => pageTitle(pageTexts.unsubscriptions.title);
