import { Form, Link, useNavigation } from "@remix-run/react";
import { useCallback, useId, useRef, useState } from "react";
import { buttonClass, Dialog, IdempotencyKeyField } from "~/components/ui";
import { EmailTagList } from "~/components/ui/email-tag-list";
import { useTypedBeforeHydration } from "~/components/ui/use-typed-before-hydration";
import { parseEmailTags } from "~/domain/email-tags";
import { externalLinks, pricingUrl } from "~/domain/external-links";
import { MEMBER_INTENTS, withChosenAddress } from "~/domain/members";
import {
  ADD_FIELD,
  ADD_INPUT_MAX_ROWS,
  ADD_MAX_ADDRESSES,
  addTexts,
  roomAfterRefusals,
  roomForEntries,
} from "~/domain/add-members";
import type { AddMode } from "~/domain/add-members-link";
import type { AddAnswer, AddDialogData } from "./add-members.server";
import { AddSuggestions } from "./add-suggestions";
import { MoreRoom } from "./more-room";

const NO_SEAT = addTexts.reasons.no_seat_available;
const OVER_LIMIT = addTexts.reasons.user_limit_reached;

/**
 * The add and invite dialogs (002 §2, §5): addresses separated by spaces or
 * commas (at most 5 rows high) and the space's domains. With JavaScript,
 * more addresses than seats left say so, and more than the legacy user
 * limit allows close the button. After a submission with refusals, each
 * refused address is listed with its reason under the spec's hint (and the
 * room there was), and stays in the box. The legacy checkout's Add users
 * (001 §2) says its own domain sentence, counts the addresses on its
 * button and says what was added in its own words (`labels`).
 */
export function AddMembersDialog({
  add,
  mode,
  answer,
  closeTo,
  labels,
}: {
  add: AddDialogData;
  mode: Exclude<AddMode, "blocked">;
  answer: AddAnswer | null;
  closeTo: string;
  labels?: { statement: string; submit: (count: number) => string; done: (count: number) => string };
}) {
  const id = useId();
  const navigation = useNavigation();
  const busy = navigation.formData?.get("intent") === MEMBER_INTENTS.add;
  const texts = addTexts[mode];
  // With JavaScript, what is typed after the last answer shows as tags, and is counted against the
  // seats or places left (002 §5); a new answer puts the server's text back in the box.
  const [typing, setTyping] = useState<{ after: AddAnswer | null; text: string } | null>(null);
  const adoptTyped = useTypedBeforeHydration((text) => setTyping({ after: answer, text }));
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  const box = useCallback(
    (node: HTMLTextAreaElement | null) => {
      textarea.current = node;
      adoptTyped(node);
    },
    [adoptTyped],
  );
  const typedText = typing && typing.after === answer ? typing.text : null;
  const liveTags = typedText === null ? null : parseEmailTags(typedText);
  const choose = (email: string) => {
    const node = textarea.current;
    if (!node) return;
    node.value = withChosenAddress(node.value, email);
    setTyping({ after: answer, text: node.value });
    node.focus();
  };
  // Only valid addresses count (the tags hold each address once).
  const typed = liveTags?.filter((tag) => !tag.invalid).length ?? 0;
  // A paying space without a seat left says so before anything is typed (without JavaScript, before sending).
  const full = add.room?.kind === "seats" && add.room.left === 0 && !answer;
  const live = roomForEntries(add.room, liveTags ? typed : full ? 1 : 0);
  // After a submission, refusals for want of room say how much is left now (the page's data is read anew).
  const refusedForRoom =
    answer?.refused.filter((item) => item.reason === NO_SEAT || item.reason === OVER_LIMIT).length ?? 0;
  const roomMessage = roomAfterRefusals(add.room, refusedForRoom);
  // The button counts what the box holds: what is typed, else what the last answer put back in it.
  const inBox = liveTags ? typed : answer ? parseEmailTags(answer.text).length : 0;
  const errorId = `${id}-errors`;
  const hasErrors = Boolean(answer && (answer.formError || answer.refused.length > 0));

  return (
    <Dialog title={texts.title} closeTo={closeTo}>
      {labels ? (
        <p className="text-sm text-slate-700">{labels.statement}</p>
      ) : add.domains.length > 0 ? (
        <p className="text-sm text-slate-700">{addTexts.domains(add.domains)}</p>
      ) : null}
      <Form method="post" preventScrollReset className="mt-4 flex flex-col gap-2">
        <input type="hidden" name="intent" value={MEMBER_INTENTS.add} />
        <IdempotencyKeyField value={add.idempotencyKey} />
        <label htmlFor={`${id}-emails`} className="text-sm font-medium text-slate-700">
          {addTexts.label}
        </label>
        <textarea
          ref={box}
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
          onChange={(event) => setTyping({ after: answer, text: event.currentTarget.value })}
          aria-invalid={hasErrors || undefined}
          aria-describedby={hasErrors ? errorId : undefined}
          style={{ maxHeight: `${ADD_INPUT_MAX_ROWS * 1.5 + 1}rem` }}
          className="w-full resize-y rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm aria-[invalid]:border-red-500"
        />
        {liveTags && liveTags.length > 0 ? (
          <EmailTagList
            label={addTexts.typed}
            tags={liveTags.map((tag) => ({
              email: tag.email,
              reason: tag.invalid ? addTexts.reasons.invalid_email : null,
            }))}
          />
        ) : null}
        {typedText ? <AddSuggestions text={typedText} suggestPath={add.suggestPath} onChoose={choose} /> : null}
        <div aria-live="polite" className="text-sm text-slate-700">
          {live.message ? (
            <p>
              {live.message}
              {typed <= ADD_MAX_ADDRESSES ? (
                <MoreRoom more={add.moreRoom} room={add.room} wanted={Math.max(typed, 1)} />
              ) : null}
            </p>
          ) : null}
        </div>
        <div id={errorId} className="text-sm">
          {answer?.formError ? <p className="text-red-700">{answer.formError}</p> : null}
          {answer && answer.refused.length > 0 ? (
            <>
              {answer.added > 0 ? (
                <p className="text-emerald-800">{labels?.done(answer.added) ?? addTexts.done(answer.added, mode)}</p>
              ) : null}
              <p className="text-red-700">{mode === "invite" ? addTexts.hint.invite : addTexts.hint.add}</p>
              <div className="mt-1">
                <EmailTagList label={addTexts.refused} tags={answer.refused} />
              </div>
              {roomMessage ? (
                <p className="mt-2 text-slate-700">
                  {roomMessage}
                  <MoreRoom more={add.moreRoom} room={add.room} wanted={refusedForRoom} />
                </p>
              ) : null}
            </>
          ) : null}
        </div>
        <div className="mt-4 flex flex-wrap justify-end gap-3">
          <Link to={closeTo} replace preventScrollReset className={buttonClass("secondary")}>
            {addTexts.cancel}
          </Link>
          <button type="submit" disabled={busy || live.refuses} className={buttonClass("primary")}>
            {/* Without JavaScript the count of what is typed is not known before the submit. */}
            {labels && inBox > 0 ? labels.submit(inBox) : texts.submit}
          </button>
        </div>
      </Form>
    </Dialog>
  );
}

/** "Add members blocked" (002 §2, §8): a legacy plan other than Team cannot take more users here. */
export function AddBlockedDialog({ closeTo, legacyType }: { closeTo: string; legacyType: string | null }) {
  return (
    <Dialog title={addTexts.blocked.title} closeTo={closeTo}>
      <p className="text-sm text-slate-700">{addTexts.blocked.text}</p>
      <p className="mt-3 flex flex-wrap gap-4 text-sm">
        <a href={externalLinks.support} className="font-semibold text-brand-700 underline">
          {addTexts.blocked.contactSupport}
        </a>
        <a href={pricingUrl(legacyType)} className="font-semibold text-brand-700 underline">
          {addTexts.blocked.pricing}
        </a>
      </p>
      <div className="mt-6 flex justify-end">
        <Link to={closeTo} replace preventScrollReset className={buttonClass("secondary")}>
          {addTexts.blocked.close}
        </Link>
      </div>
    </Dialog>
  );
}
