import { checkoutTexts } from "~/domain/checkout-texts";
import { externalLinks } from "~/domain/external-links";
import { formatMoney } from "~/domain/money";
import type { Quote } from "~/api/billing.server";

const texts = checkoutTexts.summary;

/**
 * The checkout's sidebar (001 §2 Billing options and Billing information):
 * what is bought (seats, or paid and Gmail paid users) at what is paid for
 * it, for EUR the total without taxes and the taxes, the total due, how it is
 * billed, and on the information step who processes the payment. The total
 * due is what the quote charges today unless the page names another (the
 * per-user options: the plan's total before taxes, without the taxes' lines).
 */
export function QuoteSummary({
  quote,
  lines,
  billed,
  plan = null,
  total = quote.chargedToday,
  taxes = true,
  caption = null,
  processor = true,
}: {
  quote: Quote;
  /** The per-user plan's name (001 §2 Billing options). */
  plan?: string | null;
  lines: Array<{ label: string; amount: number }>;
  billed: string;
  /** The total due shown, when it is not what the quote charges today. */
  total?: number;
  /** Whether the lines of the total without taxes and of the taxes show (when the quote has taxes). */
  taxes?: boolean;
  /** A line under the total ('Before taxes' on the per-user options). */
  caption?: string | null;
  processor?: boolean;
}) {
  const money = (amount: number) => formatMoney(amount, quote.currency);
  const taxAmount = quote.totalAmount - quote.totalBeforeTax;
  // 001 §9: the seat coupon is not displayed; the lines are what is paid, the coupon applied.
  const rows: Array<[string, string]> = lines.map((line) => [line.label, money(line.amount)]);
  if (taxes && quote.taxRate > 0)
    rows.push([texts.totalBeforeTaxes, money(quote.totalBeforeTax)], [texts.taxes(quote.taxRate), money(taxAmount)]);
  return (
    <aside aria-labelledby="summary" className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id="summary" className="text-base font-semibold text-slate-900">
        {texts.heading}
      </h2>
      {plan ? <p className="mt-1 text-sm font-medium text-slate-700">{plan}</p> : null}
      <dl className="mt-4 space-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4">
            <dt className="text-slate-700">{label}</dt>
            <dd className="font-medium text-slate-900">{value}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 text-base">
          <dt className="font-semibold text-slate-900">{texts.totalDue}</dt>
          <dd className="font-semibold text-slate-900">{money(total)}</dd>
        </div>
      </dl>
      {caption ? <p className="mt-1 text-right text-xs text-slate-600">{caption}</p> : null}
      <p className="mt-1 text-right text-xs text-slate-600">{billed}</p>
      {processor ? <ProcessorNote /> : null}
    </aside>
  );
}

/** 001 §2: a card payment provider processes payments, with links to its terms and privacy policy. */
function ProcessorNote() {
  return (
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
  );
}
