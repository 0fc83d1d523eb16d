import { PageHeading } from "~/components/page-heading";
import { pageTitle } from "~/domain/page-title";
import { pageTexts } from "~/domain/page-texts";
import { spacePageLoader } from "~/utils/space-page.server";

export const loader = spacePageLoader((access) => access.canAccessBounces);

export default function Page() {
  return <PageHeading>{pageTexts.bounces.heading}</PageHeading>;
}

export const meta = () => pageTitle(pageTexts.bounces.title);
