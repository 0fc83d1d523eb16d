import { Outlet } from "@remix-run/react";
import { PageHeading } from "~/components/page-heading";
import { pageTitle } from "~/domain/page-title";
import { pageTexts } from "~/domain/page-texts";

export default function MailMergesLayout() {
  return (
    <div className="space-y-6">
      <PageHeading>{pageTexts.mailMerges.heading}</PageHeading>
      <Outlet />
    </div>
  );
}

export const meta = () => pageTitle(pageTexts.mailMerges.title);
