import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { buttonClass, useHydrated } from "~/components/ui";
import { GENERAL_INTENTS, generalSettingsTexts } from "~/domain/general-settings";
import { cleanSpaceName } from "~/domain/space-name";
import { renameSchema } from "./rename-schema";

/**
 * Rename (002 §2): the current name prefilled; with JavaScript, Save and
 * Cancel stay disabled while the name is unchanged and conform checks the
 * rules as the owner types. Without it both work: Cancel resets the field,
 * and the server answers an unchanged name with no change and no error.
 */
export function RenameForm({
  spaceName,
  lastResult,
}: {
  spaceName: string;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useForm({
    id: "rename-space",
    lastResult,
    defaultValue: { spaceName },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: renameSchema }),
  });
  const field = fields.spaceName;
  const [typed, setTyped] = useState<string | null>(null);
  // Without JavaScript nothing re-enables a disabled button: only scripts may disable them.
  const hydrated = useHydrated();
  const unchanged = hydrated && cleanSpaceName(typed ?? field.initialValue ?? spaceName) === spaceName;
  const saving = useNavigation().state === "submitting";

  return (
    <Form method="post" {...getFormProps(form)} onReset={() => setTyped(null)} className="flex max-w-xl flex-col gap-4">
      {form.errors?.length ? (
        <p id={form.errorId} role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
          {form.errors[0]}
        </p>
      ) : null}
      <input type="hidden" name="intent" value={GENERAL_INTENTS.rename} />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={field.id} className="text-sm font-medium text-slate-800">
          {generalSettingsTexts.nameLabel}
        </label>
        <input
          {...getInputProps(field, { type: "text" })}
          onChange={(event) => setTyped(event.currentTarget.value)}
          autoComplete="off"
          className="text-input"
        />
        {field.errors?.length ? (
          <p id={field.errorId} className="text-sm text-red-700">
            {field.errors[0]}
          </p>
        ) : null}
      </div>
      <div className="flex gap-3">
        <button type="submit" disabled={unchanged || saving} className={buttonClass("primary")}>
          {generalSettingsTexts.save}
        </button>
        <button type="reset" disabled={unchanged || saving} className={buttonClass("secondary")}>
          {generalSettingsTexts.cancel}
        </button>
      </div>
    </Form>
  );
}
