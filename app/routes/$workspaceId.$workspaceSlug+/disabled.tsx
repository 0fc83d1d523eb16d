import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { LogoutButton } from "./__shell/logout-button";
import { Icon } from "~/components/ui";
import { disabledTexts } from "~/domain/error-texts";
import { pageTitle } from "~/domain/page-title";
import { spacePath, spaceSections } from "~/domain/space-paths";
import { loadSpace } from "~/utils/space.server";

/** The disabled screen (000 §2): a disabled member sees only this message and Log out. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const space = await loadSpace({ request, params, context });
  if (!("disabled" in space)) throw redirect(spacePath(space.urlPrefix, spaceSections.sent));
  return null;
}

export default function DisabledScreen() {
  return (
    <section
      aria-labelledby="disabled-heading"
      className="flex w-full max-w-md flex-col items-center gap-5 rounded-xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200"
    >
      <span className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-red-50 text-red-600">
        <Icon name="error" className="h-6 w-6" />
      </span>
      <h1 id="disabled-heading" className="text-xl font-bold text-slate-900">
        {disabledTexts.title}
      </h1>
      <p className="text-slate-700">{disabledTexts.message}</p>
      <LogoutButton variant="button" />
    </section>
  );
}

export const meta = () => pageTitle(disabledTexts.title);

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/ui";
