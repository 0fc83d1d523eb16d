import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { getSidebarPromotions } from "~/api/cannon.server";
import { isBackendError } from "~/api/http.server";
import { listSpaceManagers, type SpaceManager } from "~/api/members.server";
import type { User } from "~/api/users.server";
import { createWorkspace } from "~/api/workspaces.server";
import { bannerQuery } from "~/domain/banners";
import { IDEMPOTENCY_FIELD, newIdempotencyKey } from "~/domain/idempotency";
import { newSpaceSchema, spaceLimit, spaceNameMessageForReason } from "~/domain/new-space";
import { canManageBillingPortal, type SpaceAccess } from "~/domain/permissions";
import { dialogParams, isFlagSet, needsUpgradeInfo } from "~/domain/shell-nav";
import { newSpaceTexts } from "~/domain/new-space-texts";
import { MAX_OWNED_SPACES } from "~/domain/space-name";
import { spacePath, spaceSections } from "~/domain/space-paths";
import type { AuthContext } from "~/api/caller.server";
import { redirectInSession, requireSession } from "~/utils/auth.server";
import { verifiedBanner } from "~/utils/banner-links.server";
import { safeRedirect } from "~/utils/safe-redirect";
import { commitLastWorkspaceId, readLastWorkspaceId } from "~/utils/session.server";
import { loadSpaceWith, type SpaceContext } from "~/utils/space.server";
import { readPreferences } from "./__shell/preferences.server";
import { loadPaymentAlert } from "./__billing/payment-alert.server";
import { listSubscriptionsOf } from "./__billing/space-billing.server";
import { timeZoneFromCookieHeader } from "~/utils/time-zone";

/**
 * The server-only work of the workspace shell's loader and of /spaces/new.
 * It lives here, not in the route modules, because the browser build follows
 * a route module's imports even when only its loader or action uses them:
 * importing zod schemas there puts zod into the page's first load
 * (ARCHITECTURE budgets). A *.server module is left out of that build.
 */

/**
 * The shell's data: the user, their spaces, this space and its access, the
 * sidebar promotions and the banner the URL asks for. A disabled member is
 * sent to the disabled screen.
 */
export async function loadShell({ request, params, context }: LoaderFunctionArgs) {
  const auth = await requireSession({ request, context });
  // One round: me, the space, its subscriptions (for the payment alert) and the promotions, with the page's
  // own calls; loadSpace shares its calls with page loaders.
  const [{ space, answers: subscriptions }, promotions, preferences, lastWorkspaceId] = await Promise.all([
    loadSpaceWith({ request, params, context }, listSubscriptionsOf),
    getSidebarPromotions(auth),
    readPreferences(request),
    readLastWorkspaceId(request),
  ]);

  const { me, urlPrefix } = space;
  const user = {
    userId: me.userId,
    userName: me.userName,
    userEmail: me.userEmail,
    profilePictureUrl: me.profilePictureUrl,
    hasInstalledAddon: me.installationTimestamp !== null,
    /** For the idle-tab timer: the server renews the token, or signs out, around then. */
    sessionExpiresAt: auth.session.expiresAt,
  };
  const spaces = me.userWorkspaces.map(({ workspaceId, workspaceName, urlPrefix, userRole, workspacePlan }) => ({
    workspaceId,
    workspaceName,
    urlPrefix,
    userRole,
    workspacePlan,
  }));
  const workspaceId = space.membership.workspaceId;
  const headers = new Headers();
  // The last space visited is where "/" goes next time.
  if (lastWorkspaceId !== workspaceId) headers.append("Set-Cookie", await commitLastWorkspaceId(request, workspaceId));

  if ("disabled" in space) {
    // A disabled member sees only the disabled screen, whatever page they asked for.
    const disabledPath = spacePath(urlPrefix, spaceSections.disabled);
    if (new URL(request.url).pathname !== disabledPath) throw redirect(disabledPath, { headers });
    return data(
      { disabled: true as const, user, spaces, urlPrefix, workspaceName: space.membership.workspaceName },
      { headers },
    );
  }

  const { workspace, access } = space;
  const url = new URL(request.url);
  const timeZone = timeZoneFromCookieHeader(request.headers.get("Cookie"));
  const [paymentAlert, spaceManagers] = await Promise.all([
    loadPaymentAlert(space, subscriptions, preferences.dismissedPaymentAlerts, timeZone),
    // Only while the Upgrade info dialog is open: other pages make no extra call.
    upgradeContacts(auth, url, workspaceId, access),
  ]);
  return data(
    {
      disabled: false as const,
      user,
      spaces,
      spaceLimit: ownedSpaceLimit(me),
      /** The New space form's once-only key, new for each rendering. */
      newSpaceKey: newIdempotencyKey(),
      urlPrefix,
      workspace: {
        workspaceId: workspace.workspaceId,
        workspaceName: workspace.workspaceName,
        workspacePlan: workspace.workspacePlan,
        legacyType: workspace.legacyType,
        isPerSeat: workspace.isPerSeat,
        memberCount: workspace.memberCount,
      },
      access,
      canManageBilling: canManageBillingPortal(access, workspace),
      promotions,
      showLegacyBanner: access.showLegacyBanner && !preferences.dismissedLegacyBanners.includes(workspaceId),
      banner: requestedBanner(url, auth.session),
      paymentAlert,
      spaceManagers,
    },
    { headers },
  );
}

export type ShellData = Awaited<ReturnType<typeof loadShell>>["data"];
export type ActiveShellData = Extract<ShellData, { disabled: false }>;

/** The banner the URL asks for (000 §8), parsed with zod, ready to show; only when signed for this person, and recent. */
export function requestedBanner(url: URL, session: AuthContext["session"]) {
  return verifiedBanner(url.searchParams, session);
}

/** How many spaces the user owns, against the limit (000 §9). */
export function ownedSpaceLimit(me: Pick<User, "userWorkspaces">) {
  return spaceLimit(me.userWorkspaces);
}

/**
 * The owner and admins to ask for an upgrade, loaded only while the Upgrade
 * info dialog is open (normal pages make no extra call). Null when not asked
 * for, or when they could not be loaded: the dialog still explains whom to ask.
 */
export async function upgradeContacts(
  auth: AuthContext,
  url: URL,
  workspaceId: string,
  access: SpaceAccess,
): Promise<SpaceManager[] | null> {
  if (!isFlagSet(url.searchParams, dialogParams.upgradeInfo) || !needsUpgradeInfo(access)) return null;
  try {
    return await listSpaceManagers(auth, workspaceId);
  } catch (error) {
    if (error instanceof Response) throw error;
    return null;
  }
}

/**
 * Creates a space from the New space form (000 §2, §4, §5, §8): field errors
 * keep what was typed (400); a user who owns 5 spaces is refused; success
 * goes to the new space's sent mail merges with the created banner; any
 * other failure, to this space's sent page with the create-error banner.
 */
export async function createSpaceFromForm(space: SpaceContext, formData: FormData) {
  const submission = parseWithZod(formData, { schema: newSpaceSchema });
  const sentPage = spacePath(space.urlPrefix, spaceSections.sent);
  // Cancel goes back where the dialog was opened, within this space.
  const returnTo = safeRedirect(formData.get("returnTo"), sentPage);
  const closeTo = returnTo.startsWith(`${space.urlPrefix}/`) ? returnTo : sentPage;
  const refuse = (errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> } = {}) =>
    data({ result: submission.reply(errors), closeTo }, { status: 400 });

  if (submission.status !== "success") return refuse();
  // The limit is the backend's to apply: the same form sent again (a double click, a reload) after it
  // created the last space allowed gets that first answer back, not the limit.
  const tooMany = newSpaceTexts.tooManySpaces(MAX_OWNED_SPACES);

  let created;
  try {
    created = await createWorkspace(space.auth, {
      workspaceName: submission.value.spaceName,
      userId: space.me.userId,
      idempotencyKey: submission.value[IDEMPOTENCY_FIELD],
    });
  } catch (error) {
    if (error instanceof Response) throw error;
    const fieldError = isBackendError(error, 400) ? spaceNameMessageForReason(error.reason) : null;
    if (fieldError) return refuse({ fieldErrors: { spaceName: [fieldError] } });
    if (isBackendError(error, 409) && error.reason === "too_many_workspaces") return refuse({ formErrors: [tooMany] });
    throw redirectInSession(space.auth, `${sentPage}?${bannerQuery({ banner: "create-error" })}`);
  }
  throw redirectInSession(
    space.auth,
    `${spacePath(created.urlPrefix, spaceSections.sent)}?${bannerQuery({ banner: "created", name: created.workspaceName })}`,
  );
}
