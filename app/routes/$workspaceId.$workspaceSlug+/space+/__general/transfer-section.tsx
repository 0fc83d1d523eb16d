import { Form, Link, useLocation } from "@remix-run/react";
import { useId } from "react";
import { buttonClass, Dialog } from "~/components/ui";
import { GENERAL_INTENTS, generalSettingsTexts } from "~/domain/general-settings";

export interface TransferState {
  candidates: { userId: string; label: string }[];
  chosenId: string | null;
  confirming: { userId: string; email: string } | null;
  error: string | null;
  closeTo: string;
}

/**
 * Transfer ownership (002 §2): choosing a member is a GET form, so the
 * confirmation opens at its own URL without JavaScript; the confirmation
 * posts the transfer. The select is `required`, so a browser asks for a
 * member before sending; the server says the same when it is sent empty.
 */
export function TransferSection({
  spaceName,
  transfer,
  actionError,
  refusedForGood,
}: {
  spaceName: string;
  transfer: TransferState;
  actionError: string | null;
  /** The transfer to this member cannot succeed (002 §8 "This user already owns too many spaces."): no Transfer to press again. */
  refusedForGood: boolean;
}) {
  const headingId = useId();
  const errorId = useId();
  const { pathname, search } = useLocation();
  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        {generalSettingsTexts.transferHeading}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{generalSettingsTexts.transferHint}</p>
      {transfer.candidates.length === 0 ? (
        <p className="mt-4 text-sm text-slate-700">{generalSettingsTexts.noCandidates}</p>
      ) : (
        <Form method="get" className="mt-4 flex max-w-xl flex-col gap-3 mobile:flex-row mobile:items-end">
          <input type="hidden" name="confirm" value={GENERAL_INTENTS.transfer} />
          <div className="flex flex-1 flex-col gap-1.5">
            <label htmlFor="new-owner" className="text-sm font-medium text-slate-800">
              {generalSettingsTexts.newOwnerLabel}
            </label>
            <select
              id="new-owner"
              name="newOwner"
              required
              defaultValue={transfer.chosenId ?? ""}
              aria-invalid={transfer.error ? true : undefined}
              aria-describedby={transfer.error ? errorId : undefined}
              className="text-input"
            >
              <option value="">{generalSettingsTexts.chooseNewOwner}</option>
              {transfer.candidates.map((candidate) => (
                <option key={candidate.userId} value={candidate.userId}>
                  {candidate.label}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={buttonClass("secondary")}>
            {generalSettingsTexts.transfer}
          </button>
        </Form>
      )}
      {transfer.error ? (
        <p id={errorId} className="mt-2 text-sm text-red-700">
          {transfer.error}
        </p>
      ) : null}
      {transfer.confirming ? (
        <Dialog title={generalSettingsTexts.confirmTitle} closeTo={transfer.closeTo}>
          <div className="flex flex-col gap-5">
            {actionError ? (
              <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
                {actionError}
              </p>
            ) : null}
            <p className="text-sm text-slate-700">
              {generalSettingsTexts.confirmBody(transfer.confirming.email, spaceName)}
            </p>
            <Form method="post" action={`${pathname}${search}`} className="flex justify-end gap-3">
              <input type="hidden" name="intent" value={GENERAL_INTENTS.transfer} />
              <input type="hidden" name="userId" value={transfer.confirming.userId} />
              <Link to={transfer.closeTo} replace className={buttonClass("secondary")}>
                {generalSettingsTexts.cancel}
              </Link>
              {refusedForGood ? null : (
                <button type="submit" className={buttonClass("primary")}>
                  {generalSettingsTexts.transfer}
                </button>
              )}
            </Form>
          </div>
        </Dialog>
      ) : null}
    </section>
  );
}
