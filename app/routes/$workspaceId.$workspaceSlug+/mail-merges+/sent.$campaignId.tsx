import type { LoaderFunctionArgs } from "@remix-run/node";
import { useParams } from "@remix-run/react";
import { PageHeading } from "~/components/page-heading";
import { loadSpacePage } from "~/utils/space-page.server";

/** The sent detail dialog (002 §2); its body comes with the mail merges issue. */
export const loader = (args: LoaderFunctionArgs) => loadSpacePage(args);

export default function SentDetail() {
  return <PageHeading level={2}>{useParams().campaignId}</PageHeading>;
}
