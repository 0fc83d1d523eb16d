import { useParams } from "@remix-run/react";
import { PageHeading } from "~/components/page-heading";
import { spacePageLoader } from "~/utils/space-page.server";

/** The template preview dialog (002 §2); its body comes with the templates issue. */
export const loader = spacePageLoader();

export default function TemplatePreview() {
  return <PageHeading level={2}>{useParams().templateId}</PageHeading>;
}
