import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { isBackendError } from "~/api/http.server";
import { listTransferCandidates } from "~/api/members.server";
import { transferWorkspaceOwnership, updateWorkspace } from "~/api/workspaces.server";
import { bannerQuery } from "~/domain/banners";
import { genericErrorTexts } from "~/domain/error-texts";
import { GENERAL_INTENTS, generalSettingsTexts } from "~/domain/general-settings";
import { spaceNameMessageForReason } from "~/domain/new-space";
import { spacePath, spaceSections } from "~/domain/space-paths";
import { redirectInSession } from "~/utils/auth.server";
import { requireAccess, requireSpace, requireSpaceWith, type SpaceContext } from "~/utils/space.server";
import { renameSchema } from "./__general/rename-schema";

const settingsPage = (space: SpaceContext) => spacePath(space.urlPrefix, spaceSections.general);

/**
 * The page (owner only): the name, and when the space allows a transfer
 * (002 §6) its candidates. The confirmation is URL state
 * (`?confirm=transfer&newOwner=…`), so it opens without JavaScript; asked
 * with no candidate chosen, it says so instead.
 */
export async function loadGeneralSettings(args: LoaderFunctionArgs) {
  // The transfer's candidates beside the guard: unread by whoever may not transfer the space.
  const { space, answers } = await requireSpaceWith(args, ({ auth, workspaceId }) =>
    listTransferCandidates(auth, workspaceId),
  );
  requireAccess(space, (access) => access.canAccessGeneralSettings, "space");
  const spaceName = space.workspace.workspaceName;
  if (!space.access.canTransferOwnership) return { spaceName, transfer: null };

  const candidates = await answers;
  const query = new URL(args.request.url).searchParams;
  const asked = query.get("confirm") === GENERAL_INTENTS.transfer;
  const chosen = candidates.find((candidate) => candidate.userId === query.get("newOwner")) ?? null;
  return {
    spaceName,
    transfer: {
      candidates: candidates.map(({ userId, userName, userEmail }) => ({
        userId,
        label: userName ? `${userName} (${userEmail})` : userEmail,
      })),
      chosenId: chosen?.userId ?? null,
      confirming: asked && chosen ? { userId: chosen.userId, email: chosen.userEmail } : null,
      error: asked && !chosen ? generalSettingsTexts.required : null,
      closeTo: settingsPage(space),
    },
  };
}

/** The page's two forms (002 §2; owner only), told apart by their intent; any other intent is a 400. */
export async function generalSettingsAction(args: ActionFunctionArgs) {
  const space = await requireSpace(args);
  requireAccess(space, (access) => access.canAccessGeneralSettings, "space");
  const formData = await args.request.formData();
  switch (formData.get("intent")) {
    case GENERAL_INTENTS.rename:
      return renameSpace(space, formData);
    case GENERAL_INTENTS.transfer:
      return transferOwnership(space, formData);
    default:
      throw new Response("Unknown intent", { status: 400 });
  }
}

const transferSchema = z.object({
  intent: z.literal(GENERAL_INTENTS.transfer),
  userId: z
    .string({ required_error: generalSettingsTexts.required })
    .regex(/^[\w-]{1,64}$/, generalSettingsTexts.required),
});

/**
 * Transfer (002 §2, §8): to a candidate of the space only; success goes to the
 * sent page with the transfer banner, the owner now a regular member. 409
 * user_owns_too_many_workspaces has its own text, any other failure the
 * generic alert; the confirmation stays open with it.
 */
async function transferOwnership(space: SpaceContext, formData: FormData) {
  requireAccess(space, (access) => access.canTransferOwnership, spaceSections.general);
  // A refusal that sending the same transfer again cannot change (`final`) leaves the confirmation without Transfer.
  const refuse = (transferError: string, status: number, final = false) =>
    data({ result: null, transferError, transferFinal: final }, { status });
  const submission = transferSchema.safeParse(Object.fromEntries(formData));
  if (!submission.success) return refuse(generalSettingsTexts.required, 400);

  const candidates = await listTransferCandidates(space.auth, space.workspace.workspaceId);
  const newOwner = candidates.find((candidate) => candidate.userId === submission.data.userId);
  if (!newOwner) return refuse(generalSettingsTexts.required, 400);
  try {
    await transferWorkspaceOwnership(space.auth, space.workspace.workspaceId, newOwner.userId);
  } catch (error) {
    if (error instanceof Response) throw error;
    if (isBackendError(error, 409) && error.reason === "user_owns_too_many_workspaces")
      return refuse(generalSettingsTexts.tooManySpaces, 409, true);
    return refuse(`${genericErrorTexts.title} ${genericErrorTexts.detail}`, 502);
  }
  const banner = bannerQuery({ banner: "transferred", name: space.workspace.workspaceName, email: newOwner.userEmail });
  throw redirectInSession(space.auth, `${spacePath(space.urlPrefix, spaceSections.sent)}?${banner}`);
}

/**
 * Rename (002 §2, §5). A name that cleans to the current one saves nothing
 * and shows no error (without JavaScript nothing disables Save then); a
 * refused name keeps what was typed.
 */
async function renameSpace(space: SpaceContext, formData: FormData) {
  const submission = parseWithZod(formData, { schema: renameSchema });
  const refuse = (errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> } = {}, status = 400) =>
    data({ result: submission.reply(errors), transferError: null, transferFinal: false }, { status });
  if (submission.status !== "success") return refuse();

  const { spaceName } = submission.value;
  if (spaceName === space.workspace.workspaceName) throw redirectInSession(space.auth, settingsPage(space));
  let renamed;
  try {
    renamed = await updateWorkspace(space.auth, space.workspace.workspaceId, { workspaceName: spaceName });
  } catch (error) {
    if (error instanceof Response) throw error;
    const fieldError = isBackendError(error, 400) ? spaceNameMessageForReason(error.reason) : null;
    if (fieldError) return refuse({ fieldErrors: { spaceName: [fieldError] } });
    return refuse({ formErrors: [genericErrorTexts.title] }, 502);
  }
  // The new name makes a new slug: the page's address follows it.
  const page = spacePath(renamed.urlPrefix, spaceSections.general);
  throw redirectInSession(space.auth, `${page}?${bannerQuery({ banner: "settings-saved" })}`);
}
