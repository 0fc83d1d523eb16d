import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { Banner, buttonClass, InfoTooltip } from "~/components/ui";
import { perUserTexts } from "~/domain/per-user-texts";
import { OPTIONS_INTENTS, USER_RADIO_PREFIX } from "~/domain/per-user-checkout";
import { pageTitle } from "~/domain/page-title";
import { CheckoutHeader } from "./__steps/checkout-header";
import { QuoteSummary } from "./__steps/quote-summary";
import { loadOptionsStep, optionsAction } from "./options.server";

export const loader = (args: LoaderFunctionArgs) => loadOptionsStep(args);
export const action = (args: ActionFunctionArgs) => optionsAction(args);

const texts = perUserTexts.options;

export default function OptionsStep() {
  const page = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const submit = useSubmit();
  const failure = refused?.banner ?? page.failure;
  return (
    <>
      <CheckoutHeader title={page.title} {...page.header} />
      {failure ? (
        <div className="mb-6">
          <Banner tone="error" title={failure} />
        </div>
      ) : null}
      <div className="grid gap-6 laptop:grid-cols-[minmax(0,1fr)_20rem]">
        {/* A change sent by itself keeps the place; Next's answer starts at the top, where a refusal
            shows (001 §8: a submit error scrolls to the top). */}
        <Form
          method="post"
          onChange={(event) => {
            const form = event.currentTarget;
            const data = new FormData(form);
            data.set("intent", OPTIONS_INTENTS.update);
            submit(data, { method: "post", replace: true, preventScrollReset: true });
          }}
          className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200"
        >
          <h2 className="text-lg font-semibold text-slate-900">{texts.heading}</h2>
          <p className="mt-1 text-sm text-slate-700">{texts.explanation}</p>
          <div className="mt-4 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-slate-600">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    {texts.columns.name}
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    {texts.columns.email}
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    {texts.columns.type}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {(refused?.rows ?? page.rows).map((row) => (
                  <UserRow key={row.id} row={row} />
                ))}
              </tbody>
            </table>
          </div>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            {/* With JavaScript each choice is sent as it is made, as on the other steps. */}
            <noscript>
              <button type="submit" name="intent" value={OPTIONS_INTENTS.update} className={buttonClass("secondary")}>
                {texts.update}
              </button>
            </noscript>
            <button
              type="submit"
              name="intent"
              value={OPTIONS_INTENTS.next}
              disabled={page.next.disabled}
              className={buttonClass("primary")}
            >
              {page.next.text}
            </button>
          </div>
        </Form>
        {page.quote && page.summary ? (
          <QuoteSummary
            quote={page.quote}
            plan={page.summary.plan}
            lines={page.summary.lines}
            billed={page.summary.billed}
            total={page.summary.total}
            taxes={false}
            caption={perUserTexts.sidebar.beforeTaxes}
            processor={false}
          />
        ) : null}
      </div>
    </>
  );
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

/**
 * One user's Free/Paid choice; a closed Paid radio says why in its tooltip.
 * The radios stay the same elements from one answer to the next (focus
 * stays on the one just chosen) and take the answer's choice, which differs
 * from the clicked one where the page re-marked the owner paid.
 */
function UserRow({ row }: { row: Row }) {
  const name = `${USER_RADIO_PREFIX}${row.id}`;
  const tipId = `${name}-why`;
  // The owner's Free radio is closed while they are the last paid user; a free user's Paid one when blocked.
  const why = row.locked ? texts.ownerLocked : row.block;
  const paidRadio = useRef<HTMLInputElement>(null);
  const freeRadio = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (paidRadio.current) paidRadio.current.checked = row.paid;
    if (freeRadio.current) freeRadio.current.checked = !row.paid;
    // Every answer, not only a changed one: a choice sent while another was on its way may differ from it.
  }, [row]);
  return (
    <tr>
      <td className="py-2 pr-4 text-slate-900">{row.name}</td>
      <td className="break-all py-2 pr-4 text-slate-700">{row.email}</td>
      <td className="py-2">
        <fieldset className="flex items-center gap-4">
          <legend className="sr-only">{row.email}</legend>
          <label className="inline-flex items-center gap-1">
            <input
              ref={freeRadio}
              type="radio"
              name={name}
              value="free"
              defaultChecked={!row.paid}
              disabled={row.locked}
            />
            {texts.free}
          </label>
          <label className="inline-flex items-center gap-1">
            <input
              ref={paidRadio}
              type="radio"
              name={name}
              value="paid"
              defaultChecked={row.paid}
              disabled={row.block !== null}
              aria-describedby={why ? tipId : undefined}
            />
            {texts.paid}
          </label>
          {why ? <InfoTooltip id={tipId} text={why} label={why} /> : null}
        </fieldset>
      </td>
    </tr>
  );
}

export const meta = ({ data }: { data?: { title: string } }) => pageTitle(data?.title ?? perUserTexts.steps.options);

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/ui";
