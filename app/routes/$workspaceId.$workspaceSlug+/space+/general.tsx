import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { lazyHydrated, PageHeading } from "~/components/ui";
import { pageTitle } from "~/domain/page-title";
import { pageTexts } from "~/domain/page-texts";
import { TransferSection } from "./__general/transfer-section";
import { generalSettingsAction, loadGeneralSettings } from "./general.server";

/** conform and zod load after the page's first load (ARCHITECTURE budgets); the server renders the form in full. */
const RenameForm = lazyHydrated("rename-form", () =>
  import("./__general/rename-form").then((module) => module.RenameForm),
);

export const loader = (args: LoaderFunctionArgs) => loadGeneralSettings(args);

export const action = (args: ActionFunctionArgs) => generalSettingsAction(args);

/** General settings (002 §2): owner only; rename, and transfer ownership where the space allows it. */
export default function GeneralSettingsPage() {
  const { spaceName, transfer } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <>
      <PageHeading>{pageTexts.general.heading}</PageHeading>
      <section className="mt-6 rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
        {/* Keyed by the name: after a save the field shows the stored name. */}
        <RenameForm key={spaceName} spaceName={spaceName} lastResult={answer?.result} />
      </section>
      {transfer ? (
        <TransferSection
          spaceName={spaceName}
          transfer={transfer}
          actionError={answer?.transferError ?? null}
          refusedForGood={answer?.transferFinal ?? false}
        />
      ) : null}
    </>
  );
}

export const meta = () => pageTitle(pageTexts.general.title);

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/ui";
