import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import type { ComponentProps } from "react";
import type { ZodTypeAny } from "zod";

export type ConformFormProps = Omit<ComponentProps<typeof Form>, "id"> & {
  /** The form's id: conform names its fields' ids and error ids after it. */
  id: string;
  /** The action's answer when it refused the submission. */
  lastResult?: SubmissionResult<string[]> | null;
};

/**
 * A Remix form driven by conform with the one zod schema its action parses:
 * the schema's constraints go into the HTML, the browser checks it before
 * sending, and the action's refusal (`lastResult`) shows as the form's error.
 * Only lazyConformForm (./lazy-hydrated) loads this module, so no page's first load carries
 * conform or zod.
 */
export function conformFormFor(schema: ZodTypeAny) {
  const constraint = getZodConstraint(schema);
  return function ConformForm({ id, lastResult, children, ...formProps }: ConformFormProps) {
    const [form] = useForm({
      id,
      lastResult,
      constraint,
      onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    });
    return (
      <Form {...formProps} {...getFormProps(form)}>
        {form.errors?.length ? (
          <p id={form.errorId} role="alert" className="mb-4 w-full rounded-md bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
            {form.errors[0]}
          </p>
        ) : null}
        {children}
      </Form>
    );
  };
}
