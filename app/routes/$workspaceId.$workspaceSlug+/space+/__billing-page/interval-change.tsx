import { Form, Link } from "@remix-run/react";
import { Banner, buttonClass, Dialog } from "~/components/ui";
import { BILLING_INTENTS } from "~/domain/billing-intents";
import { billingTexts } from "~/domain/billing-texts";
import type { loadBillingPage } from "../billing.server";

type IntervalChange = NonNullable<Awaited<ReturnType<typeof loadBillingPage>>["intervalChange"]>;

/**
 * A scheduled billing-cycle change (001 §2) and its cancel, behind a
 * confirmation that is URL state (`?confirm=cancel-interval-change`).
 */
export function IntervalChangeNotice({
  change,
  confirmTo,
  closeTo,
  error,
}: {
  change: IntervalChange;
  confirmTo: string;
  closeTo: string;
  error: string | null;
}) {
  const texts = billingTexts.intervalChange;
  return (
    <>
      <Banner tone="info" title={texts.message(change.target, change.date)}>
        <Link to={confirmTo} preventScrollReset className={buttonClass("secondary", "mt-2")}>
          {texts.cancel}
        </Link>
      </Banner>
      {change.confirming ? (
        <Dialog title={texts.confirmTitle} closeTo={closeTo}>
          <p className="text-sm text-slate-700">{texts.confirmBody(change.current)}</p>
          {error ? (
            <p role="alert" className="mt-4 text-sm font-medium text-red-700">
              {error}
            </p>
          ) : null}
          <Form method="post" preventScrollReset className="mt-6 flex flex-wrap justify-end gap-3">
            <Link to={closeTo} replace preventScrollReset className={buttonClass("secondary")}>
              {texts.keep}
            </Link>
            <button type="submit" name="intent" value={BILLING_INTENTS.cancelIntervalChange} className={buttonClass()}>
              {texts.confirm}
            </button>
          </Form>
        </Dialog>
      ) : null}
    </>
  );
}
