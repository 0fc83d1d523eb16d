import { Link } from "@remix-run/react";
import { Icon, PageHeading } from "~/components/ui";
import { checkoutHeaderTexts } from "~/domain/checkout-header-texts";
import type { CheckoutStep } from "~/domain/checkout-flow";

/**
 * The checkout's header (001 §2): Back, the page title, and the flow's
 * steps, numbered on wide screens, only the current one's title on narrow
 * ones. Single-step flows have no list.
 */
export function CheckoutHeader({
  title,
  backTo,
  steps,
  current,
}: {
  title: string;
  backTo: string;
  steps: CheckoutStep[];
  current: CheckoutStep["page"] | null;
}) {
  const currentIndex = steps.findIndex((step) => step.page === current);
  return (
    <header className="mb-6">
      <Link
        to={backTo}
        className="inline-flex items-center gap-1 rounded-md text-sm font-semibold text-brand-700 hover:underline"
      >
        <Icon name="chevron-left" className="h-4 w-4" />
        {checkoutHeaderTexts.back}
      </Link>
      <div className="mt-2">
        <PageHeading>{title}</PageHeading>
      </div>
      {steps.length > 0 ? (
        <nav aria-label={checkoutHeaderTexts.stepsLabel} className="mt-4">
          <p className="text-sm font-medium text-slate-700 tablet:hidden">{steps[currentIndex]?.title}</p>
          <ol className="hidden gap-6 text-sm tablet:flex">
            {steps.map((step, index) => {
              const state = index < currentIndex ? "done" : index === currentIndex ? "current" : "next";
              return (
                <li
                  key={step.page}
                  aria-current={state === "current" ? "step" : undefined}
                  className={`flex items-center gap-2 ${state === "next" ? "text-slate-500" : "font-semibold text-slate-900"}`}
                >
                  <span
                    aria-hidden="true"
                    className={`flex h-6 w-6 items-center justify-center rounded-full text-xs ${state === "current" ? "bg-brand-600 text-white" : "bg-slate-200 text-slate-700"}`}
                  >
                    {index + 1}
                  </span>
                  {step.title}
                </li>
              );
            })}
          </ol>
        </nav>
      ) : null}
    </header>
  );
}
