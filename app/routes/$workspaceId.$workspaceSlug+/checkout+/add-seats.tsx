import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BILLING_INTENTS } from "~/domain/billing-intents";
import { billingTexts } from "~/domain/billing-texts";
import { checkoutTexts } from "~/domain/checkout-texts";
import { planNames } from "~/domain/billing-words";
import { externalLinks } from "~/domain/external-links";
import { SEAT_MAXIMUM } from "~/domain/seat-pricing";
import { SEAT_COUNT_PARAM } from "~/domain/checkout-flow";
import { pageTitle } from "~/domain/page-title";
import { SeatChangeScreen } from "./__steps/seat-change-screen";
import { SeatCountForm } from "./__steps/seat-count-form";
import { addSeatsAction, loadAddSeats } from "./add-seats.server";

export const loader = (args: LoaderFunctionArgs) => loadAddSeats(args);
export const action = (args: ActionFunctionArgs) => addSeatsAction(args);

const texts = checkoutTexts.addSeats;

/** Add seats (001 §2): how many, what they cost today and at the next payment. */
export default function AddSeatsStep() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const refused = answer ?? page.refusal;
  // A refused count shows as typed, with its message (issue 34).
  const count = answer?.count ?? page.count;
  const { offer } = page;
  return (
    <SeatChangeScreen
      title={checkoutTexts.titles.addSeats(page.spaceName)}
      header={page.header}
      cancelTo={page.billing}
      error={refused?.error ?? null}
      mend={refused?.declined ? <ManageBillingForm action={page.billing} /> : null}
      confirm={{
        label: texts.submit(offer?.seats ?? 0),
        variant: "primary",
        fields: offer && { name: SEAT_COUNT_PARAM, value: offer.seats, idempotencyKey: offer.idempotencyKey },
      }}
    >
      <p className="text-sm text-slate-700">
        {texts.current(page.current, planNames[page.plan === "PREMIUM" ? "PREMIUM" : "PRO"])}
      </p>
      {count ? (
        <SeatCountForm
          label={texts.quantity}
          update={texts.update}
          error={count.error}
          control={(field) => <input {...field} type="number" min={1} max={page.addable} defaultValue={count.value} />}
        />
      ) : null}
      {offer ? (
        <>
          <p className="mt-6 text-sm text-slate-700">{offer.line}</p>
          <dl className="mt-2 space-y-2 text-sm">
            <div className="flex justify-between gap-4">
              <dt className="text-slate-700">{texts.chargedToday}</dt>
              <dd className="font-semibold text-slate-900">{offer.chargedToday}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-slate-700">{texts.nextPayment(offer.nextPaymentDate)}</dt>
              <dd className="font-medium text-slate-900">{offer.nextPayment}</dd>
            </div>
          </dl>
          {offer.taxesIncluded ? <p className="mt-2 text-xs text-slate-600">{texts.taxesIncluded}</p> : null}
        </>
      ) : null}
      {page.addable <= 0 ? <p className="mt-4 text-sm text-slate-700">{texts.atMaximum}</p> : null}
      {!offer || page.current + offer.seats >= SEAT_MAXIMUM ? (
        <p className="mt-4 text-sm">
          <a href={externalLinks.contactUs} className="font-semibold text-brand-700 underline">
            {texts.contactUs}
          </a>
        </p>
      ) : null}
    </SeatChangeScreen>
  );
}

/** Manage billing (the billing page's form, a 303 to Stripe's portal), where a declined card is replaced. */
function ManageBillingForm({ action }: { action: string }) {
  return (
    <form method="post" action={action} className="mt-2">
      <button type="submit" name="intent" value={BILLING_INTENTS.portal} className="font-semibold underline">
        {billingTexts.manageBilling}
      </button>
    </form>
  );
}

export const meta = ({ data }: { data?: { spaceName: string } }) =>
  pageTitle(checkoutTexts.titles.addSeats(data?.spaceName ?? ""));

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/ui";
