import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { detailsSchema } from "~/domain/checkout-form";
import { spacePath, spaceSections } from "~/domain/space-paths";
import { redirectInSession } from "~/utils/auth.server";
import { keepInDraft, requirePurchase } from "./__steps/checkout.server";

/** The team size offered first (001 §2: 'for a team' sets the seat count to 2). */
const TEAM_START = "2";

export async function loadDetails(args: LoaderFunctionArgs) {
  const { space, header, draft: drafted } = await requirePurchase(args, "details");
  const draft = await drafted;
  return {
    spaceName: space.workspace.workspaceName,
    header,
    purchaseFor: draft.purchaseFor === "team" ? ("team" as const) : ("myself" as const),
    seats: draft.purchaseFor === "team" && draft.seats ? draft.seats : TEAM_START,
  };
}

/**
 * Keeps the answer and goes on to the billing information; a seat count out
 * of range is refused with 001 §5's message, and what was typed stays (in
 * the answer and the kept draft).
 */
export async function detailsAction(args: ActionFunctionArgs) {
  const { space } = await requirePurchase(args, "details");
  const form = await args.request.formData();
  const values = {
    purchaseFor: form.get("purchaseFor") === "team" ? ("team" as const) : ("myself" as const),
    seats: String(form.get("seats") ?? "").slice(0, 20),
  };
  const parsed = detailsSchema.safeParse(values);
  await keepInDraft(space, values);
  if (!parsed.success) return data({ values, error: parsed.error.issues[0]?.message ?? null }, { status: 400 });
  throw redirectInSession(space.auth, spacePath(space.urlPrefix, spaceSections.checkoutInformation));
}
