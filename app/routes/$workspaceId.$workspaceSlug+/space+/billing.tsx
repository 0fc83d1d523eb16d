import { PageHeading } from "~/components/page-heading";
import { pageTitle } from "~/domain/page-title";
import { pageTexts } from "~/domain/page-texts";
import { spacePageLoader } from "~/utils/space-page.server";

/** Billing needs billing access, except on a free space (001 §2); others go to the space root. */
export const loader = spacePageLoader((access) => access.canViewBillingPage, "");

export default function BillingPage() {
  return <PageHeading>{pageTexts.billing.heading}</PageHeading>;
}

export const meta = () => pageTitle(pageTexts.billing.title);
