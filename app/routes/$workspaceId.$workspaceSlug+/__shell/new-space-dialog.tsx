import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useId } from "react";
import { newSpaceConstraint, newSpaceSchema } from "~/domain/new-space";
import { newSpaceTexts } from "~/domain/new-space-texts";
import { buttonClass, Dialog, IdempotencyKeyField } from "~/components/ui";

/**
 * The New space dialog (000 §2, §5). It posts to the space's /spaces/new
 * route, which answers field errors (keeping what was typed) or redirects
 * to the new space. With JavaScript, conform checks the same schema as the
 * person types; Create is disabled while creating and for someone who
 * already owns the most spaces allowed.
 *
 * Its code (conform and zod) is not part of any page's first load: the shell
 * loads it lazily, only when the dialog opens.
 */
export function NewSpaceDialog({
  action,
  closeTo,
  spaceLimit,
  idempotencyKey,
  lastResult,
}: {
  action: string;
  closeTo: string;
  spaceLimit: { owned: number; max: number };
  /** New for each rendering: a double click or a resent POST creates one space. */
  idempotencyKey: string;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const hintId = useId();
  const [form, fields] = useForm({
    id: "new-space",
    lastResult,
    constraint: newSpaceConstraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newSpaceSchema }),
  });
  const navigation = useNavigation();
  const creating = navigation.state !== "idle" && navigation.formAction === action;
  const limitReached = spaceLimit.owned >= spaceLimit.max;
  const field = fields.spaceName;

  return (
    <Dialog title={newSpaceTexts.title} closeTo={closeTo}>
      <Form method="post" action={action} {...getFormProps(form)} className="flex flex-col gap-5">
        <p className="text-sm text-slate-600">{newSpaceTexts.description}</p>
        <input type="hidden" name="returnTo" value={closeTo} />
        <IdempotencyKeyField value={idempotencyKey} />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={field.id} className="text-sm font-medium text-slate-800">
            {newSpaceTexts.nameLabel}
          </label>
          <input
            {...getInputProps(field, { type: "text", ariaDescribedBy: hintId })}
            autoFocus
            autoComplete="off"
            placeholder={newSpaceTexts.namePlaceholder}
            disabled={limitReached}
            className="text-input"
          />
          {field.errors?.length ? (
            <p id={field.errorId} className="text-sm text-red-700">
              {field.errors[0]}
            </p>
          ) : null}
          <p id={hintId} className="text-xs text-slate-500">
            {newSpaceTexts.nameHint}
          </p>
        </div>
        {limitReached ? (
          <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-inset ring-amber-200">
            {newSpaceTexts.tooManySpaces(spaceLimit.max)}
          </p>
        ) : form.errors?.length ? (
          <p
            id={form.errorId}
            role="alert"
            className="rounded-md bg-red-50 p-3 text-sm text-red-800 ring-1 ring-inset ring-red-200"
          >
            {form.errors[0]}
          </p>
        ) : null}
        <div className="flex justify-end gap-3">
          <Link to={closeTo} replace preventScrollReset className={buttonClass("secondary")}>
            {newSpaceTexts.cancel}
          </Link>
          <button type="submit" disabled={limitReached || creating} className={buttonClass("primary")}>
            {creating ? newSpaceTexts.creating : newSpaceTexts.create}
          </button>
        </div>
      </Form>
    </Dialog>
  );
}
