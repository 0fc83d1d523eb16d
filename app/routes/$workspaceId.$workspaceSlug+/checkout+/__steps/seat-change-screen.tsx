import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { buttonClass, IdempotencyKeyField, type ButtonVariant } from "~/components/ui";
import { checkoutTexts } from "~/domain/checkout-texts";
import type { CheckoutStep } from "~/domain/checkout-flow";
import { CheckoutHeader } from "./checkout-header";

/**
 * The frame of the add and remove seats screens (001 §2): the header, the
 * screen's figures, a refusal, and the form that confirms the shown count
 * (once, by its key) next to Cancel, back to billing.
 */
export function SeatChangeScreen({
  title,
  header,
  cancelTo,
  error,
  mend,
  confirm,
  children,
}: {
  title: string;
  header: { backTo: string; steps: CheckoutStep[]; current: CheckoutStep["page"] | null };
  cancelTo: string;
  error: string | null;
  /** What mends the refusal, shown with it (the way to update a declined card). */
  mend?: ReactNode;
  confirm: {
    label: string;
    variant: ButtonVariant;
    /** The count's field and value, and the form's once-only key; null: nothing to confirm. */
    fields: { name: string; value: number; idempotencyKey: string } | null;
  };
  children: ReactNode;
}) {
  const { fields } = confirm;
  return (
    <>
      <CheckoutHeader title={title} {...header} />
      <section className="max-w-xl rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
        {children}
        {error ? (
          <div role="alert" className="mt-4 text-sm font-medium text-red-700">
            <p>{error}</p>
            {mend}
          </div>
        ) : null}
        <Form method="post" className="mt-6 flex flex-wrap justify-end gap-3">
          {fields ? (
            <>
              <input type="hidden" name={fields.name} value={fields.value} />
              <IdempotencyKeyField value={fields.idempotencyKey} />
            </>
          ) : null}
          <Link to={cancelTo} className={buttonClass("secondary")}>
            {checkoutTexts.addSeats.cancel}
          </Link>
          <button type="submit" disabled={!fields} className={buttonClass(confirm.variant)}>
            {confirm.label}
          </button>
        </Form>
      </section>
    </>
  );
}
