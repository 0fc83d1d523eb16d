import { Form, useSubmit } from "@remix-run/react";
import { useRef, type ReactNode } from "react";
import { buttonClass } from "~/components/ui";
import { SEAT_COUNT_PARAM } from "~/domain/checkout-flow";

/** How long a typed count waits before the figures follow it (a pointer choice follows at once). */
const TYPING_PAUSE_MS = 400;

/** The refusal under the count's field, which the field names in aria-describedby. */
export const SEAT_COUNT_ERROR_ID = "seats-error";

/** The count field's attributes: its name, its look, and when refused (issue 34) invalid, described by the message. */
function fieldProps(error: string | null) {
  return {
    id: SEAT_COUNT_PARAM,
    name: SEAT_COUNT_PARAM,
    className: "mt-1 block w-28 rounded-md border-slate-300 text-sm shadow-sm",
    ...(error ? { "aria-invalid": true, "aria-describedby": SEAT_COUNT_ERROR_ID } : {}),
  };
}
export type SeatCountFieldProps = ReturnType<typeof fieldProps>;

/**
 * The seat count of an add or remove screen: a GET form, so the figures
 * below follow the count the URL names. Without JavaScript its button asks
 * for them; with it they follow the field by themselves, keeping focus.
 * A count out of bounds shows the spec's message under the field.
 */
export function SeatCountForm({
  label,
  update,
  control,
  error,
}: {
  label: string;
  update: string;
  /** The input or select, given the field's attributes. */
  control: (field: SeatCountFieldProps) => ReactNode;
  error: string | null;
}) {
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  return (
    <Form
      method="get"
      className="mt-4 flex flex-wrap items-end gap-3"
      onChange={(event) => {
        const form = event.currentTarget;
        clearTimeout(timer.current);
        timer.current = setTimeout(
          () => submit(form, { replace: true, preventScrollReset: true }),
          event.target instanceof HTMLSelectElement ? 0 : TYPING_PAUSE_MS,
        );
      }}
    >
      <div>
        <label htmlFor={SEAT_COUNT_PARAM} className="block text-sm font-medium text-slate-900">
          {label}
        </label>
        {control(fieldProps(error))}
        {error ? (
          <p id={SEAT_COUNT_ERROR_ID} role="alert" className="mt-1 text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      <noscript>
        <button type="submit" className={buttonClass("secondary")}>
          {update}
        </button>
      </noscript>
    </Form>
  );
}
