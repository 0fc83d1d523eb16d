import type { ReactNode } from "react";
import { PRODUCT_NAME } from "~/domain/page-title";

/** Inline links of the pages outside a space. Buttons use buttonClass (./button). */
export const textLinkClass = "font-medium text-brand-700 underline hover:text-brand-900";

/**
 * The frame of the pages reached outside a space (onboarding, result pages,
 * renewal, wrong plan): one card on the plain background, like /login.
 */
export function PublicPage({
  labelledBy,
  width = "narrow",
  children,
}: {
  /** Id of the card's heading. */
  labelledBy: string;
  width?: "narrow" | "wide";
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-full items-start justify-center px-4 py-10 mobile:px-6 tablet:items-center">
      <section
        aria-labelledby={labelledBy}
        className={`w-full ${width === "wide" ? "max-w-3xl" : "max-w-lg"} rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200 mobile:p-8`}
      >
        <p className="mb-6 text-2xl font-black tracking-tight text-brand-700">{PRODUCT_NAME}</p>
        {children}
      </section>
    </main>
  );
}
