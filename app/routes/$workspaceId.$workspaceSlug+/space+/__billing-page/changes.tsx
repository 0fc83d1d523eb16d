import { Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui";
import { billingTexts } from "~/domain/billing-texts";
import type { loadBillingPage } from "../billing.server";
import { BillingSection } from "./section";

type Changes = NonNullable<Awaited<ReturnType<typeof loadBillingPage>>["changes"]>;

/** A per-user subscription's changes (001 §2 Billing page): links into the checkout, which work without JavaScript. */
export function SubscriptionChanges({ changes }: { changes: Changes }) {
  const texts = billingTexts.changes;
  return (
    <BillingSection id="subscription-changes" title={texts.heading} className="mt-8">
      <p className="mt-4 flex flex-wrap gap-3">
        <Link to={changes.paidUsers} className={buttonClass("secondary")}>
          {texts.paidUsers}
        </Link>
        {changes.plan ? (
          <Link to={changes.plan.href} className={buttonClass("secondary")}>
            {texts.plan(changes.plan.to)}
          </Link>
        ) : null}
        {changes.cycle ? (
          <Link to={changes.cycle.href} className={buttonClass("secondary")}>
            {texts.cycle[changes.cycle.to]}
          </Link>
        ) : null}
      </p>
    </BillingSection>
  );
}
