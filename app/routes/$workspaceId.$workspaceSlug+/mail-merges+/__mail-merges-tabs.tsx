import { Link, useLocation } from "@remix-run/react";
import { isActivePath } from "~/domain/shell-nav";

/** The Scheduled and Sent tabs of the Mail merges page: links, the current one marked aria-current. */
export function MailMergesTabs({ label, tabs }: { label: string; tabs: Array<{ label: string; href: string }> }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label={label} className="border-b border-slate-200">
      <ul className="-mb-px flex gap-6">
        {tabs.map((tab) => {
          const active = isActivePath(pathname, tab.href);
          return (
            <li key={tab.href}>
              <Link
                to={tab.href}
                aria-current={active ? "page" : undefined}
                className={`inline-flex border-b-2 px-1 pb-3 pt-1 text-sm font-semibold transition-colors ${
                  active
                    ? "border-brand-600 text-brand-700"
                    : "border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-800"
                }`}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
