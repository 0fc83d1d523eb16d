import { Link, useLocation } from "@remix-run/react";
import { isActivePath } from "~/domain/space-paths";

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
              <Link to={tab.href} aria-current={active ? "page" : undefined} className="tab-link">
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
