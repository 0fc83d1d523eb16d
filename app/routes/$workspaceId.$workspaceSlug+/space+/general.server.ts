import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs } from "@remix-run/node";
import { isBackendError } from "~/api/http.server";
import { updateWorkspace } from "~/api/workspaces.server";
import { bannerQuery } from "~/domain/banners";
import { genericErrorTexts } from "~/domain/error-texts";
import { GENERAL_INTENTS } from "~/domain/general-settings";
import { spaceNameMessageForReason } from "~/domain/new-space";
import { spacePath, spaceSections } from "~/domain/space-paths";
import { redirectInSession } from "~/utils/auth.server";
import { requireAccess, requireSpace } from "~/utils/space.server";
import { renameSchema } from "./__general/rename-schema";

/**
 * The General settings action (002 §2, §5; owner only): rename. A name that
 * cleans to the current one saves nothing and shows no error (the form has no
 * JavaScript to disable Save then); a refused name keeps what was typed.
 */
export async function renameSpaceFromForm(args: ActionFunctionArgs) {
  const space = await requireSpace(args);
  requireAccess(space, (access) => access.canAccessGeneralSettings, "space");
  const formData = await args.request.formData();
  if (formData.get("intent") !== GENERAL_INTENTS.rename) throw new Response("Unknown intent", { status: 400 });

  const submission = parseWithZod(formData, { schema: renameSchema });
  const refuse = (errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> } = {}, status = 400) =>
    data({ result: submission.reply(errors) }, { status });
  if (submission.status !== "success") return refuse();

  const { spaceName } = submission.value;
  if (spaceName === space.workspace.workspaceName) throw redirectInSession(space.auth, spacePath(space.urlPrefix, spaceSections.general));
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
