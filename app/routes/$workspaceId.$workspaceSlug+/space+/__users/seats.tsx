import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { buttonClass, Dialog } from "~/components/ui";
import { externalLinks } from "~/domain/external-links";
import { memberTexts, seatUsagePercent } from "~/domain/members";
import type { loadMembersPage } from "../users.server";

export type Seats = NonNullable<Awaited<ReturnType<typeof loadMembersPage>>["seats"]>;
type Checkout = Awaited<ReturnType<typeof loadMembersPage>>["checkout"];

/**
 * Manage seats (002 §2, §6, 001 §3 Seat summary), for the owner: total,
 * assigned, available and usage, with the ways to add and remove seats
 * where the seat checkout takes them; otherwise why not (002 §8 Seat
 * notices: an offline subscription, a removal scheduled) or where seats
 * change instead, so that no link drops the owner elsewhere without a word.
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
      <SeatChanges refusal={seats.changeRefusal} checkout={checkout} />
    </Dialog>
  );
}

function SeatChanges({ refusal, checkout }: { refusal: Seats["changeRefusal"]; checkout: Checkout }) {
  const texts = memberTexts.seats;
  switch (refusal) {
    case null:
      return (
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <Link to={checkout.removeSeats} className={buttonClass("secondary")}>
            {texts.removeSeats}
          </Link>
          <Link to={checkout.addSeats} className={buttonClass("primary")}>
            {texts.addSeats}
          </Link>
        </div>
      );
    case "offline":
      return (
        <SeatNote text={texts.offline}>
          <a href={externalLinks.contactUs} className={linkClass}>
            {texts.contactUs}
          </a>
        </SeatNote>
      );
    case "removal":
      return <SeatNote text={texts.cancelDowngradeFirst} />;
    case "unlimited":
      return null;
    case "billing":
      return (
        <SeatNote text={texts.onBilling}>
          <Link to={checkout.billing} className={linkClass}>
            {texts.billingLink}
          </Link>
        </SeatNote>
      );
  }
}

const linkClass = "font-semibold text-brand-700 underline";

/** Why the seats do not change here, and where they do. */
function SeatNote({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <p className="mt-4 text-sm text-slate-700">
      {text}
      {children ? " " : null}
      {children}
    </p>
  );
}
