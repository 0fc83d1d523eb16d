import { checkoutTexts, planNames } from "~/domain/billing-texts";
import { externalLinks } from "~/domain/external-links";
import { formatMoney } from "~/domain/money";
import type { Quote } from "~/api/billing.server";

const texts = checkoutTexts.summary;

/**
 * The purchase's sidebar (001 §2 Billing information): the plan and seats,
 * the seat discount, for EUR the total without taxes and the taxes, the
 * total due, billed annually, and who processes the payment.
 */
export function QuoteSummary({ quote, seats }: { quote: Quote; seats: number }) {
  const money = (amount: number) => formatMoney(amount, quote.currency);
  const subtotal = quote.stripePlans.reduce((sum, plan) => sum + plan.totalAmount, 0);
  const taxes = quote.totalAmount - quote.totalBeforeTax;
  const rows: Array<[string, string]> = [[texts.seatLine(planNames.PRO, seats), money(subtotal)]];
  if (quote.couponPercentOff)
    rows.push([texts.discount(quote.couponPercentOff), money(quote.totalBeforeTax - subtotal)]);
  if (quote.taxRate > 0)
    rows.push([texts.totalBeforeTaxes, money(quote.totalBeforeTax)], [texts.taxes(quote.taxRate), money(taxes)]);
  return (
    <aside aria-labelledby="summary" className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id="summary" className="text-base font-semibold text-slate-900">
        {texts.heading}
      </h2>
      <dl className="mt-4 space-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4">
            <dt className="text-slate-700">{label}</dt>
            <dd className="font-medium text-slate-900">{value}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 text-base">
          <dt className="font-semibold text-slate-900">{texts.totalDue}</dt>
          <dd className="font-semibold text-slate-900">{money(quote.chargedToday)}</dd>
        </div>
      </dl>
      <p className="mt-1 text-right text-xs text-slate-600">{checkoutTexts.billedAnnually}</p>
      <p className="mt-4 text-xs text-slate-600">
        {checkoutTexts.information.processor}{" "}
        <a href={externalLinks.stripeTerms} className="underline">
          {checkoutTexts.information.terms}
        </a>{" "}
        {checkoutTexts.information.and}{" "}
        <a href={externalLinks.stripePrivacy} className="underline">
          {checkoutTexts.information.privacy}
        </a>
        .
      </p>
    </aside>
  );
}
