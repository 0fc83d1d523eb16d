import { Link } from "@remix-run/react";
import type { ActiveShellData } from "../_layout.server";
import { switcherHref } from "~/domain/shell-nav";
import { planLabels, roleLabels, switcherTexts } from "~/domain/shell-texts";
import { Avatar, menuItemClass, Disclosure, Icon } from "~/components/ui";

type Space = ActiveShellData["spaces"][number];

/**
 * The space switcher (000 §2): every space of the user, each going to its
 * general settings (owner) or users page, and "Create space", which opens
 * the New space dialog on the current page.
 */
export function SpaceSwitcher({
  spaces,
  currentId,
  createSpaceHref,
}: {
  spaces: Space[];
  currentId: string;
  createSpaceHref: string;
}) {
  const current = spaces.find((space) => space.workspaceId === currentId);
  if (!current) return null;
  return (
    <Disclosure
      summaryClassName="flex w-full items-center gap-3 rounded-lg border border-slate-200 bg-white px-2.5 py-2 text-left shadow-sm hover:bg-slate-50"
      // In the flow of the sidebar, not over it: an overlay would half-cover the links below (WCAG 2.5.8).
      panelClassName="relative z-50 mt-1 max-h-[50vh] overflow-y-auto rounded-lg bg-white p-1 shadow-sm ring-1 ring-slate-900/10"
      summary={
        <>
          <span className="sr-only">{switcherTexts.label}: </span>
          <Avatar name={current.workspaceName} shape="square" />
          <SpaceLabel space={current} />
          <span className="sr-only">, {switcherTexts.open}</span>
          <Icon name="selector" className="h-4 w-4 text-slate-400" />
        </>
      }
    >
      <p className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-500">
        {switcherTexts.spaces}
      </p>
      <ul>
        {spaces.map((space) => {
          const isCurrent = space.workspaceId === currentId;
          return (
            <li key={space.workspaceId}>
              <Link to={switcherHref(space)} aria-current={isCurrent ? "true" : undefined} className={menuItemClass}>
                <Avatar name={space.workspaceName} shape="square" />
                <SpaceLabel space={space} />
                {isCurrent ? <Icon name="check" className="h-4 w-4 text-brand-600" /> : null}
              </Link>
            </li>
          );
        })}
      </ul>
      <div className="mt-1 border-t border-slate-100 pt-1">
        <Link to={createSpaceHref} preventScrollReset className={menuItemClass}>
          <span className="inline-flex h-8 w-8 items-center justify-center rounded-md border border-dashed border-slate-300 text-slate-500">
            <Icon name="plus" className="h-4 w-4" />
          </span>
          {switcherTexts.createSpace}
        </Link>
      </div>
    </Disclosure>
  );
}

function SpaceLabel({ space }: { space: Space }) {
  return (
    <span className="space-label">
      <span>{space.workspaceName}</span>
      <span>{`${planLabels[space.workspacePlan]} · ${roleLabels[space.userRole]}`}</span>
    </span>
  );
}
