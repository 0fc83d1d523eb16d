import { PageHeading } from "~/components/page-heading";
import { pageTitle } from "~/domain/page-title";
import { pageTexts } from "~/domain/page-texts";
import { spacePageLoader } from "~/utils/space-page.server";

export const loader = spacePageLoader((access) => access.canAccessTeamReport);

export default function Page() {
  return <PageHeading>{pageTexts.teamReport.heading}</PageHeading>;
}

export const meta = () => pageTitle(pageTexts.teamReport.title);
