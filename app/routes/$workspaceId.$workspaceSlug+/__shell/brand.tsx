import { Link } from "@remix-run/react";
import { shellTexts } from "~/domain/shell-texts";

/** The product's wordmark, linking to the space's home. */
export function Brand({ to, className = "" }: { to: string; className?: string }) {
  return (
    <Link
      to={to}
      aria-label={shellTexts.home}
      className={`inline-flex items-center gap-2 text-xl font-black tracking-tight text-brand-700 ${className}`}
    >
      <span
        aria-hidden="true"
        className="inline-flex h-7 w-7 items-center justify-center rounded-md bg-brand-600 text-sm text-white"
      >
        Y
      </span>
      {shellTexts.brand}
    </Link>
  );
}
