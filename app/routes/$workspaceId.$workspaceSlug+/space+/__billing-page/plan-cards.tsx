import { Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui";
import { billingTexts } from "~/domain/billing-texts";
import { externalLinks } from "~/domain/external-links";
import type { loadBillingPage } from "../billing.server";
import { BillingSection } from "./section";

type PageData = Awaited<ReturnType<typeof loadBillingPage>>;

/** The plan cards of a free space (001 §2): price per month, billed annually, and Upgrade for those who may. */
export function PlanCards({ cards }: { cards: PageData["planCards"] }) {
  if (cards.length === 0) return null;
  const texts = billingTexts.plans;
  return (
    <BillingSection id="plans" title={texts.heading} card={false} className="mt-8">
      <ul className="mt-4 grid gap-4 tablet:grid-cols-2">
        {cards.map((card) => (
          <li key={card.plan} className="flex flex-col rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <h3 className="text-base font-semibold text-slate-900">{texts[card.plan].name}</h3>
            <p className="mt-2 text-sm text-slate-700">{card.summary}</p>
            <p className="mt-4">
              <span className="text-3xl font-bold text-slate-900">{card.price}</span>{" "}
              <span className="text-sm text-slate-600">{card.unit}</span>
            </p>
            <p className="text-sm text-slate-600">{billingTexts.billed.YEARLY}</p>
            {card.upgradeTo ? (
              <Link to={card.upgradeTo} className={buttonClass("primary", "mt-6 self-start")}>
                {texts.upgrade} <span className="sr-only">{texts[card.plan].name}</span>
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
    </BillingSection>
  );
}

/** 001 §2: a legacy space is offered the new Pro plan through support. */
export function LegacyUpsell({ upsell }: { upsell: NonNullable<PageData["legacyUpsell"]> }) {
  const texts = billingTexts.legacyUpsell;
  return (
    <BillingSection id="legacy-upsell" title={texts.heading} className="mt-8">
      {upsell.price ? <p className="mt-2 text-sm text-slate-700">{texts.body(upsell.price)}</p> : null}
      <p className="mt-4 flex flex-wrap gap-3">
        {upsell.upgradeTo ? (
          <Link to={upsell.upgradeTo} className={buttonClass("primary")}>
            {texts.upgrade}
          </Link>
        ) : null}
        <a href={externalLinks.support} className={buttonClass(upsell.upgradeTo ? "secondary" : "primary")}>
          {texts.contactSupport}
        </a>
      </p>
    </BillingSection>
  );
}
