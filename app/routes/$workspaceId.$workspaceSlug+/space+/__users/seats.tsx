import { Link } from "@remix-run/react";
import { buttonClass, Dialog } from "~/components/ui";
import { externalLinks } from "~/domain/external-links";
import { memberTexts, seatUsagePercent } from "~/domain/members";
import type { loadMembersPage } from "../users.server";

export type Seats = NonNullable<Awaited<ReturnType<typeof loadMembersPage>>["seats"]>;
type Checkout = Awaited<ReturnType<typeof loadMembersPage>>["checkout"];

/**
 * Manage seats (002 §2, 001 §3 Seat summary): total, assigned, available and
 * usage, with the ways to add and remove seats; while a removal is
 * scheduled, neither, and the notice to cancel it first (002 §8).
 */
export function ManageSeatsDialog({ seats, checkout, closeTo }: { seats: Seats; checkout: Checkout; closeTo: string }) {
  const texts = memberTexts.seats;
  const unlimited = seats.totalSeats === -1;
  const facts: Array<[string, string]> = [
    [texts.total, unlimited ? texts.unlimitedValue : String(seats.totalSeats)],
    [texts.assigned, String(seats.assignedSeats)],
    [texts.available, unlimited ? texts.unlimitedValue : String(seats.availableSeats)],
    [texts.usage, unlimited ? texts.unlimitedValue : `${seatUsagePercent(seats)}%`],
  ];
  return (
    <Dialog title={texts.dialogTitle} closeTo={closeTo}>
      <dl className="grid grid-cols-2 gap-3">
        {facts.map(([label, value]) => (
          <div key={label} className="rounded-md bg-slate-50 px-3 py-2">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="text-lg font-semibold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {seats.offline ? (
        <p className="mt-4 text-sm text-slate-700">
          {texts.offline}{" "}
          <a href={externalLinks.contactUs} className="font-semibold text-brand-700 underline">
            {texts.contactUs}
          </a>
        </p>
      ) : seats.removal ? (
        <p className="mt-4 text-sm text-slate-700">{texts.cancelDowngradeFirst}</p>
      ) : unlimited ? null : (
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <Link to={checkout.removeSeats} className={buttonClass("secondary")}>
            {texts.removeSeats}
          </Link>
          <Link to={checkout.addSeats} className={buttonClass("primary")}>
            {texts.addSeats}
          </Link>
        </div>
      )}
    </Dialog>
  );
}
