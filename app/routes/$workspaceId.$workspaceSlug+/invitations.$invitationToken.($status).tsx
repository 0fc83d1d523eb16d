import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { acceptInvitation, getInvitation } from "~/api/invitations.server";
import { BackendError } from "~/api/http.server";
import { lazyConformForm, PageHeading } from "~/components/ui";
import { bannerQuery, invitationErrorReasons, type BannerParams } from "~/domain/banners";
import { genericErrorTexts } from "~/domain/error-texts";
import { invitationErrorReason, invitationTexts } from "~/domain/invitations";
import { pageTitle } from "~/domain/page-title";
import { spacePath, spaceSections } from "~/domain/space-paths";
import { redirectInSession } from "~/utils/auth.server";
import { parseAcceptInvitation } from "./invitation.server";
import { requireSpace, requireSpaceWith } from "~/utils/space.server";

const AcceptForm = lazyConformForm("accept-invitation-form", () =>
  import("./__invitation-schema").then((module) => module.acceptInvitationSchema),
);

/**
 * The invite link's page (002 §2): the space that invites, named from the
 * invitation itself (never from the URL), and its Accept button. The link
 * keeps its address under the inviting space, also for an invitee not in it
 * yet (the page is then drawn in their own space: utils/space.server.ts);
 * a link under another space's address moves to its own. A link that cannot
 * be accepted says why instead.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const invitationToken = params.invitationToken ?? "";
  const accepting = params.status === "accept";
  // The invitation beside the guard: it names its own space, whichever space the page is drawn in.
  const { space, answers } = await requireSpaceWith(
    { request, params, context },
    async ({ auth }) => (accepting ? getInvitation(auth, invitationToken) : null),
    { spaceless: true },
  );
  if (space.workspace.restrictions.INVITATION || !accepting) {
    return { invitation: null, refusal: invitationTexts.noLongerValid, invitationToken };
  }
  try {
    const invitation = (await answers)!;
    const url = new URL(request.url);
    const own = `${invitation.urlPrefix}/invitations/${encodeURIComponent(invitationToken)}/accept`;
    if (url.pathname !== own) throw redirect(`${own}${url.search}`);
    return {
      invitation: { workspaceName: invitation.workspaceName, invitedByName: invitation.invitedByName },
      refusal: null,
      invitationToken,
    };
  } catch (error) {
    if (!(error instanceof BackendError)) throw error;
    return { invitation: null, refusal: refusalText(error), invitationToken };
  }
}

/** What a link that cannot be accepted says: 002 §2's invalid link, or the 000 §8 reason. */
function refusalText(error: BackendError) {
  const reason = invitationErrorReason(error.status, error.reason);
  if (reason === "invalid" || reason === "expired") return invitationTexts.noLongerValid;
  if (reason) return invitationErrorReasons[reason];
  return `${genericErrorTexts.title} ${genericErrorTexts.detail}`;
}

/**
 * Accepting joins the space (002 §4 Invitation): on success the person lands
 * in the joined space, now active; on error back on this space's sent page;
 * either way with the matching banner.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const space = await requireSpace({ request, params, context });
  const home = spacePath(space.urlPrefix, spaceSections.sent);
  const submission = parseAcceptInvitation(await request.formData());
  if (submission.status !== "success" || space.workspace.restrictions.INVITATION) {
    throw redirectInSession(space.auth, `${home}?${bannerQuery({ banner: "invitation-error", reason: "invalid" })}`);
  }
  try {
    const joined = await acceptInvitation(space.auth, submission.value.invitationToken);
    // The answer has no slug: the space's canonical-URL redirect puts the right one in.
    const joinedHome = spacePath(`/${encodeURIComponent(joined.workspaceId)}/space`, spaceSections.sent);
    throw redirectInSession(
      space.auth,
      `${joinedHome}?${bannerQuery({ banner: "joined", name: joined.workspaceName, switched: "1" })}`,
    );
  } catch (error) {
    if (!(error instanceof BackendError)) throw error;
    const reason = invitationErrorReason(error.status, error.reason);
    const banner: BannerParams = reason ? { banner: "invitation-error", reason } : { banner: "error" };
    throw redirectInSession(space.auth, `${home}?${bannerQuery(banner)}`);
  }
}

export default function InvitationPage() {
  const { invitation, refusal, invitationToken } = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";
  if (!invitation) {
    return <p className="rounded-md bg-white p-6 text-slate-800 shadow-sm ring-1 ring-slate-200">{refusal}</p>;
  }
  return (
    <section className="max-w-xl space-y-4 rounded-md bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <PageHeading>{invitationTexts.heading(invitation.workspaceName)}</PageHeading>
      <p className="text-slate-700">
        {invitationTexts.explanation(invitation.workspaceName, invitation.invitedByName)}
      </p>
      {/* GET never mutates: joining is this POST, one click away. */}
      <AcceptForm id="accept-invitation" method="post">
        <input type="hidden" name="invitationToken" value={invitationToken} />
        <button
          type="submit"
          disabled={busy}
          className="rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {busy ? invitationTexts.accepting : invitationTexts.accept}
        </button>
      </AcceptForm>
    </section>
  );
}

export const meta = () => pageTitle(invitationTexts.title);

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/ui";
