import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { BannerContent } from "~/domain/banner-params";
import { bannerTexts } from "~/domain/banner-params";
import { Icon } from "./icon";

const tones = {
  success: { role: "status", box: "bg-emerald-50 text-emerald-900 ring-emerald-200", icon: "text-emerald-600" },
  error: { role: "alert", box: "bg-red-50 text-red-900 ring-red-200", icon: "text-red-600" },
  info: { role: "status", box: "bg-amber-50 text-amber-900 ring-amber-200", icon: "text-amber-600" },
} as const;

const closeClass = "-m-1.5 rounded-md p-1.5 opacity-70 hover:bg-black/5 hover:opacity-100";

/** Every banner of the app: successes are a status, errors an alert (000 §8). */
export function Banner({
  tone,
  title,
  detail,
  children,
  dismiss,
}: BannerContent & { children?: ReactNode; dismiss?: ReactNode }) {
  const style = tones[tone];
  return (
    <div role={style.role} className={`flex items-start gap-3 rounded-lg p-4 text-sm ring-1 ring-inset ${style.box}`}>
      <Icon name={tone} className={`mt-px h-5 w-5 ${style.icon}`} />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{title}</p>
        {detail ? <p className="mt-1">{detail}</p> : null}
        {children}
      </div>
      {dismiss}
    </div>
  );
}

/** Closes a banner that lives in the URL: a plain link to the page without it. */
export function BannerCloseLink({ to }: { to: string }) {
  return (
    <Link to={to} replace preventScrollReset aria-label={bannerTexts.close} className={closeClass}>
      <Icon name="x" />
    </Link>
  );
}

/** The submit button of a form that dismisses a banner for good. */
export function BannerDismissButton({ label }: { label: string }) {
  return (
    <button type="submit" aria-label={label} className={closeClass}>
      <Icon name="x" />
    </button>
  );
}
