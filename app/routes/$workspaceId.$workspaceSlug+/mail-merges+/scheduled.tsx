import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { PageHeading } from "~/components/page-heading";
import { pageTitle } from "~/domain/page-title";
import { pageTexts } from "~/domain/page-texts";
import { loadSpacePage } from "~/utils/space-page.server";

export const loader = (args: LoaderFunctionArgs) => loadSpacePage(args);

export default function Page() {
  return (
    <>
      <PageHeading level={2}>{pageTexts.scheduled.heading}</PageHeading>
      {/* Detail dialogs render over the list. */}
      <Outlet />
    </>
  );
}

export const meta = () => pageTitle(pageTexts.scheduled.title);
