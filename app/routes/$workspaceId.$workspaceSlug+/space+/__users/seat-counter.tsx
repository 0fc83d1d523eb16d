import { Link } from "@remix-run/react";
import { memberTexts, seatCounter } from "~/domain/members";
import type { Seats } from "./seats";

/** The seat counter and, for the owner, the link that opens Manage seats (`?dialog=seats`, 002 §2). */
export function SeatCounter({ seats, manageTo }: { seats: Seats; manageTo: string }) {
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      <span className="rounded-full bg-slate-100 px-3 py-1 font-medium text-slate-800">{seatCounter(seats)}</span>
      {seats.canManage ? (
        <Link to={manageTo} preventScrollReset className="font-semibold text-brand-700 hover:underline">
          {memberTexts.seats.manage}
        </Link>
      ) : null}
    </div>
  );
}
