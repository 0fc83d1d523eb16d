import { Link } from "@remix-run/react";
import { useId } from "react";
import { buttonClass, InfoTooltip } from "~/components/ui";
import { addLinkTexts } from "~/domain/add-members-link";
import type { AddDialogData } from "./add-members.server";
import { MoreRoom } from "./more-room";

/**
 * "Add members", "Add users" or "Invite users": a link that opens the dialog
 * at `?dialog=add`; disabled, with its tooltip, when the plan has no place
 * left (002 §8), and then the way to more where there is one (a Free space's upgrade).
 */
export function AddMembersLink({ add, to }: { add: AddDialogData; to: string }) {
  const tipId = useId();
  if (add.closedBy) {
    return (
      <span className="inline-flex items-center gap-1">
        <button type="button" disabled aria-describedby={tipId} className={buttonClass("primary")}>
          {addLinkTexts.open[add.mode]}
        </button>
        <InfoTooltip id={tipId} text={add.closedBy} label={addLinkTexts.whyClosed} />
        <span className="text-sm">
          <MoreRoom more={add.moreRoom} room={add.room} wanted={1} />
        </span>
      </span>
    );
  }
  return (
    <Link to={to} preventScrollReset className={buttonClass("primary")}>
      {addLinkTexts.open[add.mode]}
    </Link>
  );
}
