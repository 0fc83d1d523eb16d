import type { ReactNode } from "react";

const cardClass = "rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200";

/** A part of the billing page: a titled region, on a card or bare (for a list of cards). */
export function BillingSection({
  id,
  title,
  card = true,
  className = "",
  children,
}: {
  id: string;
  title: string;
  card?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={`${card ? cardClass : ""} ${className}`.trim()}>
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
