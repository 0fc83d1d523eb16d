import { Form, Link, useNavigation } from "@remix-run/react";
import { useId, useState } from "react";
import { buttonClass } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { parseEmailTags } from "~/domain/email-tags";
import { IDEMPOTENCY_FIELD } from "~/domain/idempotency";
import {
  ADD_FIELD,
  ADD_INPUT_MAX_ROWS,
  addTexts,
  availableSeatsMessage,
  MEMBER_INTENTS,
  type AddMode,
} from "~/domain/members";
import type { AddAnswer, loadMembersPage } from "../users.server";

type AddDialogData = NonNullable<Awaited<ReturnType<typeof loadMembersPage>>["add"]>;

/** "Add members", "Add users" or "Invite users": a link that opens the dialog at `?dialog=add`. */
export function AddMembersLink({ add, to }: { add: AddDialogData; to: string }) {
  return (
    <Link to={to} preventScrollReset className={buttonClass("primary")}>
      {addTexts[add.mode].open}
    </Link>
  );
}

const NO_SEAT = addTexts.reasons.no_seat_available;

/**
 * The add and invite dialogs (002 §2, §5): addresses separated by spaces or
 * commas (at most 5 rows high), the space's domains, the seats left or the
 * legacy user limit. After a submission with refusals, each refused address
 * is listed with its reason under the spec's hint, and stays in the box.
 */
export function AddMembersDialog({
  add,
  mode,
  answer,
  closeTo,
}: {
  add: AddDialogData;
  mode: Exclude<AddMode, "blocked">;
  answer: AddAnswer | null;
  closeTo: string;
}) {
  const id = useId();
  const navigation = useNavigation();
  const busy = navigation.formData?.get("intent") === MEMBER_INTENTS.add;
  const texts = addTexts[mode];
  // With JavaScript, the seats left are compared with the addresses as they are typed (002 §5).
  const [typed, setTyped] = useState(0);
  const liveSeatsMessage = answer ? null : availableSeatsMessage(add.availableSeats, typed);
  // After a submission some were refused for want of a seat: the ones added took every seat there was.
  const seatsMessage = answer?.refused.some((item) => item.reason === NO_SEAT)
    ? availableSeatsMessage(answer.added, answer.added + answer.refused.length)
    : null;
  const errorId = `${id}-errors`;
  const hasErrors = Boolean(answer && (answer.formError || answer.refused.length > 0));

  return (
    <Dialog title={texts.title} closeTo={closeTo}>
      {add.domains.length > 0 ? <p className="text-sm text-slate-700">{addTexts.domains(add.domains)}</p> : null}
      {add.legacyLimit !== null ? (
        <p className="mt-1 text-sm text-slate-700">{addTexts.userLimit(add.legacyLimit)}</p>
      ) : null}
      <Form method="post" preventScrollReset className="mt-4 flex flex-col gap-2">
        <input type="hidden" name="intent" value={MEMBER_INTENTS.add} />
        <input type="hidden" name={IDEMPOTENCY_FIELD} value={add.idempotencyKey} />
        <label htmlFor={`${id}-emails`} className="text-sm font-medium text-slate-700">
          {addTexts.label}
        </label>
        <textarea
          // A new answer puts what the server kept in the box (an uncontrolled field keeps what was typed otherwise).
          key={answer ? `${answer.added}:${answer.text}` : "empty"}
          id={`${id}-emails`}
          name={ADD_FIELD}
          defaultValue={answer?.text ?? ""}
          rows={3}
          required
          placeholder={addTexts.placeholder}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setTyped(parseEmailTags(event.currentTarget.value).length)}
          aria-invalid={hasErrors || undefined}
          aria-describedby={hasErrors ? errorId : undefined}
          style={{ maxHeight: `${ADD_INPUT_MAX_ROWS * 1.5 + 1}rem` }}
          className="w-full resize-y rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm aria-[invalid]:border-red-500"
        />
        <p aria-live="polite" className="text-sm text-slate-700">
          {liveSeatsMessage}
        </p>
        <div id={errorId} className="text-sm">
          {answer?.formError ? <p className="text-red-700">{answer.formError}</p> : null}
          {answer && answer.refused.length > 0 ? (
            <>
              {answer.added > 0 ? <p className="text-emerald-800">{addTexts.done(answer.added, mode)}</p> : null}
              <p className="text-red-700">{mode === "invite" ? addTexts.hint.invite : addTexts.hint.add}</p>
              <ul className="mt-1 flex flex-wrap gap-2">
                {answer.refused.map((item) => (
                  <li
                    key={item.email}
                    title={item.reason}
                    className="rounded-full bg-red-50 px-3 py-1 text-xs font-medium text-red-800 ring-1 ring-inset ring-red-300"
                  >
                    {item.email}
                    <span className="ml-1 font-normal">— {item.reason}</span>
                  </li>
                ))}
              </ul>
              {seatsMessage ? <p className="mt-2 text-slate-700">{seatsMessage}</p> : null}
            </>
          ) : null}
        </div>
        <div className="mt-4 flex flex-wrap justify-end gap-3">
          <Link to={closeTo} replace preventScrollReset className={buttonClass("secondary")}>
            {addTexts.cancel}
          </Link>
          <button type="submit" disabled={busy} className={buttonClass("primary")}>
            {texts.submit}
          </button>
        </div>
      </Form>
    </Dialog>
  );
}

/** "Add members blocked" (002 §2, §8): a legacy plan other than Team cannot take more users here. */
export function AddBlockedDialog({ closeTo }: { closeTo: string }) {
  return (
    <Dialog title={addTexts.blocked.title} closeTo={closeTo}>
      <p className="text-sm text-slate-700">{addTexts.blocked.text}</p>
      <div className="mt-6 flex justify-end">
        <Link to={closeTo} replace preventScrollReset className={buttonClass("secondary")}>
          {addTexts.blocked.close}
        </Link>
      </div>
    </Dialog>
  );
}
