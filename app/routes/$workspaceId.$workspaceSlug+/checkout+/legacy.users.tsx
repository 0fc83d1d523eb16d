import { PageHeading } from "~/components/page-heading";
import { pageTitle } from "~/domain/page-title";
import { pageTexts } from "~/domain/page-texts";
import { spacePageLoader } from "~/utils/space-page.server";

export const loader = spacePageLoader((access) => access.canAccessBilling, "");

export default function Page() {
  return <PageHeading>{pageTexts.legacyUsers.heading}</PageHeading>;
}

export const meta = () => pageTitle(pageTexts.legacyUsers.title);
