import { Link } from "@remix-run/react";
import { useId } from "react";
import type { ActiveShellData } from "../_layout.server";
import { roleLabels } from "~/domain/shell-texts";
import { upgradeInfoTexts } from "~/domain/upgrade-info-texts";
import { Avatar, buttonClass, Dialog } from "~/components/ui";

type Managers = ActiveShellData["spaceManagers"];

/**
 * The Upgrade info dialog (000 §2): someone who cannot buy for the space,
 * such as a free member of a Pro space, learns to ask its owner or an admin.
 */
export function UpgradeInfoDialog({
  spaceName,
  managers,
  closeTo,
}: {
  spaceName: string;
  managers: Managers;
  closeTo: string;
}) {
  const headingId = useId();
  return (
    <Dialog title={upgradeInfoTexts.title} closeTo={closeTo}>
      <div className="flex flex-col gap-5">
        <p className="text-sm text-slate-600">{upgradeInfoTexts.explanation(spaceName)}</p>
        {managers && managers.length > 0 ? (
          <section aria-labelledby={headingId}>
            <h3 id={headingId} className="text-xs font-semibold uppercase tracking-wide text-slate-500">
              {upgradeInfoTexts.contacts}
            </h3>
            <ul className="mt-2 divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200">
              {managers.map((manager) => (
                <li key={manager.userId} className="flex items-center gap-3 p-3">
                  <Avatar name={manager.userName || manager.userEmail} />
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium text-slate-900">
                      {manager.userName || manager.userEmail}
                    </p>
                    <a
                      href={`mailto:${manager.userEmail}`}
                      className="block truncate text-sm text-brand-700 hover:underline"
                    >
                      {manager.userEmail}
                    </a>
                  </div>
                  <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                    {roleLabels[manager.userRole]}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ) : (
          <p className="text-sm text-slate-600">{upgradeInfoTexts.noContacts}</p>
        )}
        <div className="flex justify-end">
          <Link to={closeTo} replace preventScrollReset className={buttonClass("primary")}>
            {upgradeInfoTexts.done}
          </Link>
        </div>
      </div>
    </Dialog>
  );
}
