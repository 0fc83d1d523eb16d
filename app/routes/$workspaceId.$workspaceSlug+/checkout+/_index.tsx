import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { z } from "zod";
import { Banner, buttonClass, InfoTooltip } from "~/components/ui";
import { checkoutTexts, perUserTexts } from "~/domain/billing-texts";
import {
  afterOptions,
  optionsNextDisabled,
  optionsNextText,
  ownerLocked,
  paidAfter,
  paidRadioBlock,
  perUserSteps,
} from "~/domain/per-user-checkout";
import { pageTitle } from "~/domain/page-title";
import { CheckoutHeader } from "./__steps/checkout-header";
import {
  beforeOptions,
  changesPlanOrCycle,
  loadPerUserCheckout,
  optionsStepShown,
  perUserHref,
  perUserSections,
  quoteWithLimit,
  requireOneDomain,
  userSummary,
  type PerUserCheckout,
  type QuoteWithLimit,
} from "./__steps/per-user.server";
import { QuoteSummary } from "./__steps/quote-summary";

const texts = perUserTexts.options;
const INTENTS = { update: "update", next: "next" } as const;
/** Each user's radio is named `user-<id>`, valued `paid` or `free`. */
const RADIO_PREFIX = "user-";
const actionSchema = z.object({ intent: z.enum([INTENTS.update, INTENTS.next]) });
const radioSchema = z.enum(["paid", "free"]);

/**
 * The options step when it has a place (001 §4): an upgrade of plan or
 * cycle goes straight to its review (one of who is paid is chosen here,
 * several users at once, and Back from the review returns here with the
 * choice); Pro with users of several domains stops at cannot-downgrade;
 * a purchase with one user available, or by a Gmail user, goes on to billing
 * information (a redirect, so Back does not come back here).
 */
async function loadOptions(args: LoaderFunctionArgs | ActionFunctionArgs) {
  const checkout = await loadPerUserCheckout(args, "options");
  if (checkout.flow === "UPGRADE" && changesPlanOrCycle(checkout)) {
    throw redirect(perUserHref(checkout, perUserSections.summary));
  }
  requireOneDomain(checkout);
  if (afterOptions(checkout.flow) === "information" && !optionsStepShown(checkout)) {
    throw redirect(perUserHref(checkout, perUserSections.information));
  }
  return checkout;
}

/**
 * 001 §5: each user's Free/Paid choice for this paid set, the owner's Free
 * closed when the last paid user, a free user's Paid closed when paid
 * elsewhere or at the plan's limit.
 */
function rowsOf(checkout: PerUserCheckout, paid: ReadonlySet<string>, { quote, limit }: QuoteWithLimit) {
  const paidElsewhere = new Set(
    (quote?.userRestrictions ?? [])
      .filter((entry) => entry.errorCode === "already_paid_user")
      .map((entry) => entry.userId),
  );
  const locked = ownerLocked(checkout.users, paid);
  return checkout.users.map((user) => ({
    id: user.id,
    name: user.name,
    email: user.email,
    paid: paid.has(user.id),
    locked: locked && user.role === "OWNER",
    block: paidRadioBlock(user, paid, { limit: limit ?? Number.POSITIVE_INFINITY, paidElsewhere }),
  }));
}

/**
 * 001 §2 Billing options: the users with their Free/Paid choice, the quote
 * of the choice, and the Next button. Without a quote, 001 §8's failure,
 * or for a choice past the plan's limit (as the members page can send) 001
 * §5's limit.
 */
export async function loader(args: LoaderFunctionArgs) {
  const checkout = await loadOptions(args);
  const { space, paid, flow } = checkout;
  const facts = await quoteWithLimit(checkout);
  const { quote } = facts;
  return {
    title: (flow === "DOWNGRADE" ? perUserTexts.titles.downgrading : perUserTexts.titles.upgrading)(
      space.workspace.workspaceName,
    ),
    header: { steps: perUserSteps(flow, true), current: "options" as const, backTo: beforeOptions(checkout) },
    rows: rowsOf(checkout, paid, facts),
    quote,
    // 001 §2: 'Total due', 'Before taxes': the plan's total after the choice, not what an update charges today.
    summary: quote && { ...userSummary(quote), total: quote.totalBeforeTax },
    failure: quote ? null : facts.pastLimit && facts.limit !== null ? texts.limit(facts.limit) : texts.failed,
    next: { text: optionsNextText(flow), disabled: optionsNextDisabled(flow, paid.size) },
  };
}

/** The choice as the form sent it: who is paid, the owner re-marked when nobody is (001 §4). */
function choiceOf(checkout: PerUserCheckout, formData: FormData) {
  const radios = checkout.users.map((user) => ({
    user,
    value: radioSchema.safeParse(formData.get(`${RADIO_PREFIX}${user.id}`)),
  }));
  if (radios.some((radio) => !radio.value.success && formData.has(`${RADIO_PREFIX}${radio.user.id}`))) return null;
  const chosen = (value: "paid" | "free") =>
    new Set(radios.filter((radio) => radio.value.success && radio.value.data === value).map((radio) => radio.user.id));
  return paidAfter(checkout.users, { paid: chosen("paid"), free: chosen("free") });
}

/**
 * Update: the same step for the new choice (its sidebar priced anew; with
 * JavaScript on each change, without it by the button). Next: the step
 * after options for the flow. A choice with more paid users than the plan
 * allows (001 §5; without JavaScript several users are made paid at once,
 * past the radios the page closed) is refused with the limit, the choice
 * kept on the page and nothing sent on; only a choice with more paid users
 * than the page's can newly pass it. The Belgian legacy licence cannot go
 * on here (001 §4): 001 §8's server-error state, nothing asked of the
 * backend.
 */
export async function action(args: ActionFunctionArgs) {
  const checkout = await loadOptions(args);
  const formData = await args.request.formData();
  const submission = actionSchema.safeParse({ intent: formData.get("intent") });
  const paid = choiceOf(checkout, formData);
  if (!submission.success || !paid) throw new Response("Bad request", { status: 400 });
  if (paid.size > checkout.paid.size) {
    const facts = await quoteWithLimit(checkout);
    if (facts.limit !== null && paid.size > facts.limit) {
      return data({ banner: texts.limit(facts.limit), rows: rowsOf(checkout, paid, facts) }, { status: 400 });
    }
  }
  if (submission.data.intent === INTENTS.update || optionsNextDisabled(checkout.flow, paid.size)) {
    throw redirect(perUserHref(checkout, perUserSections.options, paid));
  }
  const next = afterOptions(checkout.flow);
  if (next === "server-error") return data({ banner: checkoutTexts.errors.submit, rows: null }, { status: 409 });
  throw redirect(
    perUserHref(checkout, next === "information" ? perUserSections.information : perUserSections.summary, paid),
  );
}

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
            data.set("intent", INTENTS.update);
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
              <button type="submit" name="intent" value={INTENTS.update} className={buttonClass("secondary")}>
                {texts.update}
              </button>
            </noscript>
            <button
              type="submit"
              name="intent"
              value={INTENTS.next}
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
  const name = `${RADIO_PREFIX}${row.id}`;
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
