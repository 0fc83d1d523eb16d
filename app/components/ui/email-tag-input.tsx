import { useNavigation, type FormProps } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type ComponentType } from "react";
import { MAX_EMAIL_INPUT_LENGTH, MAX_EMAIL_TAGS, emailInputRows, summariseEmailTags } from "~/domain/email-tags";
import { recipientFields, recipientIntents, sharedRecipientTexts, type RecipientTexts } from "~/domain/recipients";
import { buttonClass } from "./button";
import { EmailTagList } from "./email-tag-list";
import { useHydrated } from "./use-hydrated";
import { useTypedBeforeHydration } from "./use-typed-before-hydration";
import { IdempotencyKeyField } from "./idempotency-key-field";

export interface AddFormAnswer {
  text: string;
  invalid: string[];
  formError: string | null;
}

/**
 * The add form of the unsubscription and bounce pages (002 §2, §5): one box
 * where addresses are separated by commas, spaces or new lines, at most 6
 * rows high. Without JavaScript the server judges the text on submit and
 * answers with the invalid entries, each flagged 'Email is invalid'. With
 * JavaScript the same pure parser shows the tags live, and the button is
 * disabled while there is nothing valid to send or a write is under way.
 */
export function EmailTagInput({
  texts,
  answer,
  form: FormComponent,
  idempotencyKey,
}: {
  texts: RecipientTexts;
  answer: AddFormAnswer | null;
  /** The form element: a conform form of the action's schema. */
  form: ComponentType<FormProps & { id: string }>;
  /** New for each rendering: a double click or a resent POST adds once. */
  idempotencyKey: string;
}) {
  const id = useId();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [text, setText] = useState(answer?.text ?? "");
  const box = useTypedBeforeHydration(setText);

  // 002 §5: disabled while loading, or while a delete is pending (a search is no write).
  const busy = navigation.formData != null && navigation.formMethod?.toUpperCase() !== "GET";
  const addingNow = busy && navigation.formData?.get(recipientFields.intent) === recipientIntents.add;
  useResetAfterAdd(addingNow, navigation.state === "idle", answer, setText);

  const summary = summariseEmailTags(text);
  // The live tags replace the server's list once JavaScript runs.
  const serverInvalid = !hydrated && answer ? answer.invalid : [];
  const liveInvalid = hydrated && summary.invalid.length > 0;
  const invalid = serverInvalid.length > 0 || liveInvalid || Boolean(answer?.formError);
  const disabled = hydrated && (busy || summary.valid.length === 0 || summary.tooMany);

  return (
    <FormComponent
      id={`${id}-form`}
      method="post"
      preventScrollReset
      className="flex flex-col gap-2"
      aria-labelledby={`${id}-label`}
    >
      <input type="hidden" name={recipientFields.intent} value={recipientIntents.add} />
      <IdempotencyKeyField value={idempotencyKey} />
      <label id={`${id}-label`} htmlFor={`${id}-input`} className="text-sm font-medium text-slate-700">
        {texts.inputLabel}
      </label>
      <div className="flex flex-col gap-3 tablet:flex-row tablet:items-start">
        <textarea
          ref={box}
          id={`${id}-input`}
          name={recipientFields.emails}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          rows={emailInputRows(text)}
          maxLength={MAX_EMAIL_INPUT_LENGTH}
          placeholder={texts.placeholder}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-errors` : undefined}
          className="max-h-[8.5rem] min-h-[2.75rem] w-full flex-1 resize-y rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm aria-[invalid]:border-red-500"
        />
        <button type="submit" disabled={disabled} className={buttonClass("primary", "shrink-0")}>
          {texts.submit}
        </button>
      </div>
      <div id={`${id}-errors`} className="text-sm text-red-700">
        {answer?.formError ? <p>{answer.formError}</p> : null}
        {serverInvalid.length > 0 ? (
          <>
            <p>{sharedRecipientTexts.invalidIntro}</p>
            <ul className="mt-1 list-inside list-disc">
              {serverInvalid.map((entry) => (
                <li key={entry}>
                  <span className="font-medium">{entry}</span>: {sharedRecipientTexts.invalidEmail}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
      {hydrated && summary.tags.length > 0 ? (
        <EmailTagList
          label={texts.inputLabel}
          tags={summary.tags.map((tag) => ({
            email: tag.email,
            reason: tag.invalid ? sharedRecipientTexts.invalidEmail : null,
          }))}
        />
      ) : null}
      {hydrated && summary.tooMany ? (
        <p className="text-sm text-red-700">{sharedRecipientTexts.tooMany(MAX_EMAIL_TAGS)}</p>
      ) : null}
    </FormComponent>
  );
}

/**
 * When an add finishes, the box shows what the server kept: nothing after a
 * success (002 §4: the input is cleared), the invalid entries after a
 * partial one, everything typed after a failure.
 */
function useResetAfterAdd(
  addingNow: boolean,
  idle: boolean,
  answer: AddFormAnswer | null,
  setText: (text: string) => void,
) {
  const wasAdding = useRef(false);
  useEffect(() => {
    if (addingNow) {
      wasAdding.current = true;
      return;
    }
    if (wasAdding.current && idle) {
      wasAdding.current = false;
      setText(answer?.text ?? "");
    }
  }, [addingNow, idle, answer, setText]);
}
