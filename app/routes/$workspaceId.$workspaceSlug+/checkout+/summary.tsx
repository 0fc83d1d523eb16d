import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { buttonClass, IdempotencyKeyField } from "~/components/ui";
import { perUserTexts } from "~/domain/per-user-texts";
import { externalLinks } from "~/domain/external-links";
import { pageTitle } from "~/domain/page-title";
import { CheckoutHeader } from "./__steps/checkout-header";
import { loadSummaryStep, summaryAction } from "./summary.server";

export const loader = (args: LoaderFunctionArgs) => loadSummaryStep(args);
export const action = (args: ActionFunctionArgs) => summaryAction(args);

const texts = perUserTexts.summary;

export default function SummaryStep() {
  const page = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <CheckoutHeader title={page.title} {...page.header} />
      <section className="max-w-2xl rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
        {page.refusal && !refused?.failed ? (
          <p role="alert" className="mb-4 rounded-md bg-red-50 p-3 text-sm text-red-800">
            {page.refusal}
          </p>
        ) : refused?.failed || !page.quoted ? (
          <p role="alert" className="mb-4 rounded-md bg-red-50 p-3 text-sm text-red-800">
            {texts.failed.before}
            <a href={externalLinks.support} className="font-semibold underline">
              {texts.failed.link}
            </a>
            {texts.failed.after}
          </p>
        ) : null}
        <p className="text-sm text-slate-700">{texts.review}</p>
        <ul className="mt-4 space-y-2">
          {page.cards.map((card) => (
            <li
              key={card}
              className="rounded-md bg-slate-50 p-3 text-sm font-medium text-slate-900 ring-1 ring-slate-200"
            >
              {card}
            </li>
          ))}
        </ul>
        {page.charge ? <p className="mt-4 text-sm text-slate-700">{page.charge}</p> : null}
        <Form method="post" className="mt-6 flex flex-wrap justify-end gap-3">
          <IdempotencyKeyField value={page.idempotencyKey} />
          <Link to={page.header.backTo} className={buttonClass("secondary")}>
            {texts.back}
          </Link>
          <button type="submit" disabled={busy || !page.quoted} className={buttonClass("primary")}>
            {texts.confirm}
          </button>
        </Form>
      </section>
    </>
  );
}

export const meta = ({ data }: { data?: { title: string } }) => pageTitle(data?.title ?? perUserTexts.steps.review);

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/ui";
