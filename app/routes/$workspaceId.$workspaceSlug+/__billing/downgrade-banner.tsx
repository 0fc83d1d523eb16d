import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { Banner, buttonClass, ConfirmActions, Dialog } from "~/components/ui";
import { CANCEL_DOWNGRADE_INTENT, seatDowngradeTexts } from "~/domain/seat-downgrade";
import { hrefWith } from "~/domain/shell-nav";
import type { seatRemovalView } from "./space-billing.server";

type SeatRemovalView = NonNullable<ReturnType<typeof seatRemovalView>>;

/** The confirmation of "Cancel downgrade" is URL state, as the members page's others: `?confirm=cancel-downgrade`. */
const CONFIRM_PARAM = "confirm";
const CONFIRM_VALUE = CANCEL_DOWNGRADE_INTENT;

/**
 * The seat downgrade banner (002 §6): the owner's wording with "Cancel
 * downgrade", which asks for a confirmation first (a link and a form: works
 * without JavaScript); the admin's asking to contact the owner. Members
 * never get here (no seats are read for them).
 */
export function DowngradeBanner({ removal, isOwner }: { removal: SeatRemovalView | null; isOwner: boolean }) {
  const { search } = useLocation();
  if (!removal) return null;
  const texts = seatDowngradeTexts;
  if (!isOwner) return <Banner tone="info" title={texts.admin(removal.fromSeats, removal.toSeats, removal.date)} />;
  return (
    <>
      <Banner tone="info" title={texts.owner(removal.toSeats, removal.date)}>
        <div className="mt-2">
          <CancelDowngradeLink />
        </div>
      </Banner>
      {new URLSearchParams(search).get(CONFIRM_PARAM) === CONFIRM_VALUE ? (
        <CancelDowngradeDialog removal={removal} />
      ) : null}
    </>
  );
}

/** "Cancel downgrade" (002 §6), in the banner and the members table's footer: opens its confirmation. */
export function CancelDowngradeLink() {
  const { pathname, search } = useLocation();
  return (
    <Link
      to={hrefWith(pathname, search, { [CONFIRM_PARAM]: CONFIRM_VALUE })}
      preventScrollReset
      className={buttonClass("secondary")}
    >
      {seatDowngradeTexts.cancel}
    </Link>
  );
}

/** Asks before the scheduled removal is cancelled (002 §4): the seats the space then keeps. */
function CancelDowngradeDialog({ removal }: { removal: SeatRemovalView }) {
  const { pathname, search } = useLocation();
  const closeTo = hrefWith(pathname, search, { [CONFIRM_PARAM]: null });
  const busy = useNavigation().state === "submitting";
  const texts = seatDowngradeTexts;
  return (
    <Dialog title={texts.confirmTitle} closeTo={closeTo}>
      <p className="text-sm text-slate-700">{texts.confirmBody(removal.toSeats, removal.fromSeats)}</p>
      <Form method="post" preventScrollReset className="mt-6 flex flex-wrap justify-end gap-3">
        <input type="hidden" name="intent" value={CANCEL_DOWNGRADE_INTENT} />
        <ConfirmActions closeTo={closeTo} busy={busy} no={texts.keep} yes={texts.proceed} />
      </Form>
    </Dialog>
  );
}
