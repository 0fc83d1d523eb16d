import { Form, Link } from "@remix-run/react";
import { Banner } from "~/components/ui/banner";
import { buttonClass } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { externalLinks } from "~/domain/external-links";
import { MEMBER_INTENTS, memberTexts, seatCounter, seatUsagePercent } from "~/domain/members";
import type { loadMembersPage } from "../users.server";

type Seats = NonNullable<Awaited<ReturnType<typeof loadMembersPage>>["seats"]>;
type Checkout = Awaited<ReturnType<typeof loadMembersPage>>["checkout"];

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

/**
 * The seat downgrade banner (002 §6): the owner's wording with "Cancel
 * downgrade" (a form: works without JavaScript), the admin's asking to
 * contact the owner. Members never get here (no seats are read for them).
 */
export function DowngradeBanner({ seats, isOwner }: { seats: Seats; isOwner: boolean }) {
  const removal = seats.removal;
  if (!removal) return null;
  const texts = memberTexts.downgrade;
  if (!isOwner) return <Banner tone="info" title={texts.admin(removal.fromSeats, removal.toSeats, removal.date)} />;
  return (
    <Banner tone="info" title={texts.owner(removal.toSeats, removal.date)}>
      <div className="mt-2">
        <CancelDowngradeButton />
      </div>
    </Banner>
  );
}

const CANCEL_DOWNGRADE_FORM = "cancel-downgrade";

/**
 * The form "Cancel downgrade" sends. It stands apart, and the buttons name
 * it: the table's footer sits inside the selection form, and a form inside
 * a form is dropped by the HTML parser (breaking both without JavaScript).
 */
export function CancelDowngradeForm() {
  return <Form id={CANCEL_DOWNGRADE_FORM} method="post" preventScrollReset hidden />;
}

/** "Cancel downgrade" (002 §6), in the banner and the table's footer. */
export function CancelDowngradeButton() {
  return (
    <button
      type="submit"
      form={CANCEL_DOWNGRADE_FORM}
      name="intent"
      value={MEMBER_INTENTS.cancelDowngrade}
      className={buttonClass("secondary")}
    >
      {memberTexts.downgrade.cancel}
    </button>
  );
}
