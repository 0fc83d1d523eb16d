import { Form } from "@remix-run/react";
import { buttonClass } from "~/components/ui";
import { BILLING_INTENTS } from "~/domain/billing-intents";
import { billingTexts } from "~/domain/billing-texts";
import { externalLinks } from "~/domain/external-links";
import type { loadBillingPage } from "../billing.server";
import { BillingSection } from "./section";

type Current = Awaited<ReturnType<typeof loadBillingPage>>["current"];

/** The current plan (001 §2): its name, seats, price per cycle, the renews/ends line, and Manage billing. */
export function CurrentPlanCard({ current, canOpenPortal }: { current: Current; canOpenPortal: boolean }) {
  const texts = billingTexts.currentPlan;
  return (
    <BillingSection id="current-plan" title={texts.heading}>
      <p className="mt-1 text-xl font-semibold text-brand-700">{current.name}</p>
      {current.isFree ? <p className="mt-2 text-sm text-slate-700">{texts.free}</p> : null}
      {current.seats ? (
        <p className="mt-2 text-sm text-slate-700">
          {current.seats.total === -1 ? texts.unlimitedSeats : texts.seats(current.seats.total, current.seats.used)}
        </p>
      ) : null}
      {current.price ? (
        <p className="mt-2 text-sm text-slate-700">
          {current.price.amount} · {current.price.billed}
        </p>
      ) : null}
      {current.price?.taxesIncluded ? <p className="mt-1 text-xs text-slate-600">{texts.taxesIncluded}</p> : null}
      {current.renewal ? <p className="mt-2 text-sm text-slate-700">{current.renewal}</p> : null}
      {current.offline ? (
        <p className="mt-2 text-sm text-slate-700">
          {texts.offline}{" "}
          <a href={externalLinks.contactUs} className="font-semibold text-brand-700 underline">
            {billingTexts.legacyUpsell.contactSupport}
          </a>
        </p>
      ) : null}
      {canOpenPortal ? (
        <Form method="post" className="mt-4">
          <button type="submit" name="intent" value={BILLING_INTENTS.portal} className={buttonClass("secondary")}>
            {billingTexts.manageBilling}
          </button>
        </Form>
      ) : null}
    </BillingSection>
  );
}
