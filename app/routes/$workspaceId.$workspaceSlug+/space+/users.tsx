import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PageHeading } from "~/components/ui/page-heading";
import { pageTitle } from "~/domain/page-title";
import { pageTexts } from "~/domain/page-texts";
import { requireAccess, requireSpace } from "~/utils/space.server";

/** Members (per-seat) or Manage Users; hidden when restricted (002 §2). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const space = await requireSpace({ request, params, context });
  requireAccess(space, (access) => access.canAccessUsersPage, "space");
  return { spaceName: space.workspace.workspaceName, isPerSeat: space.workspace.isPerSeat };
}

function texts(isPerSeat: boolean) {
  return isPerSeat ? pageTexts.members : pageTexts.manageUsers;
}

export default function UsersPage() {
  const { spaceName, isPerSeat } = useLoaderData<typeof loader>();
  return <PageHeading>{texts(isPerSeat).heading(spaceName)}</PageHeading>;
}

export const meta = ({ data }: { data?: { isPerSeat: boolean } }) => pageTitle(texts(data?.isPerSeat ?? false).title);

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/ui/general-error-boundary";
