import { Form } from "@remix-run/react";
import { Banner, buttonClass } from "~/components/ui";
import { MEMBER_INTENTS, memberTexts } from "~/domain/members";
import type { seatRemovalView } from "./space-billing.server";

type SeatRemovalView = NonNullable<ReturnType<typeof seatRemovalView>>;

/**
 * The seat downgrade banner (002 §6): the owner's wording with "Cancel
 * downgrade" (a form: works without JavaScript), the admin's asking to
 * contact the owner. Members never get here (no seats are read for them).
 */
export function DowngradeBanner({ removal, isOwner }: { removal: SeatRemovalView | null; isOwner: boolean }) {
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
