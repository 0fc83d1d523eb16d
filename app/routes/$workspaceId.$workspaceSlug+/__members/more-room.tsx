import { Link, useLocation } from "@remix-run/react";
import { addLinkTexts } from "~/domain/add-members-link";
import { dialogParams, hrefWith } from "~/domain/shell-nav";
import type { AddDialogData } from "./add-members.server";

const linkClass = "font-semibold text-brand-700 underline";

/**
 * Where more room comes from, after the sentence that says there is too
 * little (002 §2, §6): Add seats (with the seats `wanted` beyond those left),
 * the Free space's upgrade, the Upgrade info dialog naming whom to ask, or
 * the spec's notice to ask the owner.
 */
export function MoreRoom({
  more,
  room,
  wanted,
}: {
  more: AddDialogData["moreRoom"];
  room: AddDialogData["room"];
  wanted: number;
}) {
  const { pathname, search } = useLocation();
  if (!more) return null;
  let link;
  switch (more.kind) {
    case "askOwner":
      return <> {addLinkTexts.nonOwnerNotice}</>;
    case "addSeats": {
      const left = room?.kind === "seats" ? Math.max(0, room.left) : 0;
      const seats = Math.max(1, wanted - left);
      link = (
        <Link to={`${more.href}?${more.countParam}=${seats}`} className={linkClass}>
          {addLinkTexts.addSeats}
        </Link>
      );
      break;
    }
    case "upgrade":
      link = (
        <Link to={more.href} className={linkClass}>
          {addLinkTexts.upgrade}
        </Link>
      );
      break;
    case "upgradeInfo":
      link = (
        <Link
          to={hrefWith(pathname, search, { dialog: null, [dialogParams.upgradeInfo]: "1" })}
          preventScrollReset
          className={linkClass}
        >
          {addLinkTexts.upgrade}
        </Link>
      );
      break;
  }
  return <> {link}</>;
}
