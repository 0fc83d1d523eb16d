import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { checkoutTexts } from "~/domain/checkout-texts";
import { SEAT_COUNT_PARAM } from "~/domain/checkout-flow";
import { pageTitle } from "~/domain/page-title";
import { SeatChangeScreen } from "./__steps/seat-change-screen";
import { SeatCountForm } from "./__steps/seat-count-form";
import { loadRemoveSeats, removeSeatsAction } from "./remove-seats.server";

export const loader = (args: LoaderFunctionArgs) => loadRemoveSeats(args);
export const action = (args: ActionFunctionArgs) => removeSeatsAction(args);

const texts = checkoutTexts.removeSeats;

/** Remove unused seats (001 §2): down to the seats in use, from the next renewal. */
export default function RemoveSeatsStep() {
  const page = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  // A refused total shows its message under the field (issue 34).
  const count = refused?.count ?? page.count;
  const { offer } = page;
  return (
    <SeatChangeScreen
      title={checkoutTexts.titles.removeSeats(page.spaceName)}
      header={page.header}
      cancelTo={page.billing}
      error={refused?.error ?? null}
      confirm={{
        label: offer ? texts.submit(offer.removed) : texts.submitNone,
        variant: "danger",
        fields: offer && { name: SEAT_COUNT_PARAM, value: offer.target, idempotencyKey: offer.idempotencyKey },
      }}
    >
      <p className="text-sm font-medium text-slate-900">{texts.used(page.used, page.total)}</p>
      {count ? (
        <SeatCountForm
          label={texts.quantity}
          update={texts.update}
          error={count.error}
          control={(field) => (
            <select {...field} defaultValue={offer?.target}>
              {page.totals.map((total) => (
                <option key={total} value={total}>
                  {total}
                </option>
              ))}
            </select>
          )}
        />
      ) : null}
      {offer ? (
        <>
          <dl className="mt-6 text-sm">
            <div className="flex justify-between gap-4">
              <dt className="text-slate-700">{texts.newRate}</dt>
              <dd className="font-semibold text-slate-900">{offer.newRate}</dd>
            </div>
          </dl>
          <p className="mt-4 text-sm text-slate-700">{texts.removing(offer.removed, page.total, offer.target)}</p>
          <p className="mt-2 text-sm text-slate-700">{offer.nextPayment}</p>
        </>
      ) : null}
      {page.totals.length === 0 ? (
        <p role="alert" className="mt-4 text-sm font-medium text-amber-800">
          {texts.allUsed}
        </p>
      ) : null}
      {page.membersPage ? (
        <p className="mt-4 text-sm">
          <Link to={page.membersPage} className="font-semibold text-brand-700 underline">
            {texts.removeMembers}
          </Link>
        </p>
      ) : null}
      {offer?.taxesIncluded ? (
        <p className="mt-2 text-xs text-slate-600">{checkoutTexts.addSeats.taxesIncluded}</p>
      ) : null}
    </SeatChangeScreen>
  );
}

export const meta = ({ data }: { data?: { spaceName: string } }) =>
  pageTitle(checkoutTexts.titles.removeSeats(data?.spaceName ?? ""));

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/ui";
