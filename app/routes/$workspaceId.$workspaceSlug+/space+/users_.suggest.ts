import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { suggestMembers } from "~/api/members.server";
import { SUGGEST_MIN_CHARS, type SuggestAnswer } from "~/domain/members";
import { requireAccess, requireSpaceWith } from "~/utils/space.server";
import { addMode } from "../__members/add-members.server";

/**
 * /space/users/suggest?q=: the add dialog's suggestions (002 §5, §9), for
 * whoever may add members to the space; under 2 characters, none.
 */
export async function loader(args: LoaderFunctionArgs) {
  const keyword = (new URL(args.request.url).searchParams.get("q") ?? "").trim().slice(0, 100);
  const { space, answers } = await requireSpaceWith(args, async ({ auth, workspaceId }) =>
    keyword.length < SUGGEST_MIN_CHARS ? [] : suggestMembers(auth, workspaceId, keyword),
  );
  requireAccess(space, (access) => access.canAccessUsersPage, "space");
  const mode = addMode(space);
  if (!mode || mode === "blocked") throw new Response("You may not add members to this space", { status: 403 });
  const items = await answers;
  // The keyword goes back with its answer: a late answer to an earlier keyword is not shown for a newer one.
  return data<SuggestAnswer>({ q: keyword, items }, { headers: { "Cache-Control": "private, no-store" } });
}
