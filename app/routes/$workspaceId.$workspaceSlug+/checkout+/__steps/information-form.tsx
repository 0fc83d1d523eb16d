import { Form, useSubmit } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { buttonClass, IdempotencyKeyField } from "~/components/ui";
import { checkoutTexts } from "~/domain/checkout-texts";
import type { CheckoutFormDraft } from "~/domain/checkout-form";
import { isEuropeanCountry } from "~/domain/countries";

const texts = checkoutTexts.information;
type Errors = Partial<Record<string, string[]>>;

const inputClass =
  "text-input mt-1";

/**
 * The billing information form (001 §2, §5). The business question and the
 * VAT ID show for a European country; a new country clears the business
 * answer and, with JavaScript, refreshes the summary at once (without it,
 * "Update the summary" does). Its once-only key is in a hidden field.
 */
export function InformationForm({
  values,
  errors,
  domain,
  countries,
  idempotencyKey,
  disabled,
  intents,
}: {
  values: CheckoutFormDraft;
  errors: Errors;
  domain: string | null;
  countries: Array<{ code: string; name: string }>;
  idempotencyKey: string;
  disabled: boolean;
  intents: { preview: string; checkout: string };
}) {
  const [country, setCountry] = useState(values.country ?? "");
  const [business, setBusiness] = useState(values.isBusinessPurchase ?? "");
  const submit = useSubmit();
  const european = isEuropeanCountry(country);
  const error = (field: string) => errors[field]?.[0] ?? null;
  return (
    <Form method="post" className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200" noValidate>
      <IdempotencyKeyField value={idempotencyKey} />
      {error("form") ? (
        <p role="alert" className="mb-4 rounded-md bg-red-50 p-3 text-sm font-medium text-red-800">
          {error("form")}
        </p>
      ) : null}
      {/* Two columns where the form has the width: from the tablet breakpoint, but for the laptop one, where
          the summary takes its place beside the form. */}
      <div className="grid gap-4 tablet:grid-cols-2 laptop:grid-cols-1 desktop:grid-cols-2">
        {domain ? (
          <Field id="domain" label={texts.domain} error={null} wide>
            <input id="domain" value={domain} readOnly className={`${inputClass} bg-slate-100`} />
          </Field>
        ) : null}
        <Field id="country" label={texts.country} error={error("country")} wide>
          <div className="flex flex-wrap gap-2">
            <select
              id="country"
              name="country"
              value={country}
              onChange={(event) => {
                setCountry(event.target.value);
                setBusiness("");
                const form = event.currentTarget.form;
                if (form) submit(new FormData(form), { method: "post", replace: true, preventScrollReset: true });
              }}
              aria-invalid={error("country") ? true : undefined}
              aria-describedby={error("country") ? "country-error" : undefined}
              className={`${inputClass} mobile:w-auto mobile:flex-[1_1_14rem]`}
            >
              <option value="">{texts.selectCountry}</option>
              {countries.map((entry) => (
                <option key={entry.code} value={entry.code}>
                  {entry.name}
                </option>
              ))}
            </select>
            <noscript>
              <button type="submit" name="intent" value={intents.preview} className={buttonClass("secondary", "mt-1")}>
                {texts.updateSummary}
              </button>
            </noscript>
          </div>
        </Field>
        {european ? (
          <>
            <fieldset className="col-span-full">
              <legend className="text-sm font-medium text-slate-900">{texts.business}</legend>
              <div className="mt-1 flex gap-6">
                {(["yes", "no"] as const).map((answer) => (
                  <label key={answer} className="flex items-center gap-2 text-sm text-slate-800">
                    <input
                      type="radio"
                      name="isBusinessPurchase"
                      value={answer}
                      checked={business === answer}
                      onChange={() => setBusiness(answer)}
                      aria-describedby={error("isBusinessPurchase") ? "isBusinessPurchase-error" : undefined}
                    />
                    {answer === "yes" ? texts.yes : texts.no}
                  </label>
                ))}
              </div>
              <FieldError id="isBusinessPurchase" error={error("isBusinessPurchase")} />
            </fieldset>
            <TextField id="vatNumber" label={texts.vatId} values={values} error={error("vatNumber")} />
          </>
        ) : null}
        <TextField
          id="companyName"
          label={texts.companyName}
          values={values}
          error={error("companyName")}
          autoComplete="organization"
        />
        <TextField id="name" label={texts.name} values={values} error={error("name")} autoComplete="name" />
        <TextField
          id="street"
          label={texts.street}
          values={values}
          error={error("street")}
          autoComplete="address-line1"
          wide
        />
        <TextField id="city" label={texts.city} values={values} error={error("city")} autoComplete="address-level2" />
        <TextField
          id="state"
          label={texts.state}
          values={values}
          error={error("state")}
          autoComplete="address-level1"
        />
        <TextField
          id="postalCode"
          label={texts.postalCode}
          values={values}
          error={error("postalCode")}
          autoComplete="postal-code"
        />
      </div>
      <div className="mt-6 flex justify-end">
        <button type="submit" name="intent" value={intents.checkout} disabled={disabled} className={buttonClass()}>
          {texts.next}
        </button>
      </div>
    </Form>
  );
}

function Field({
  id,
  label,
  error,
  wide = false,
  children,
}: {
  id: string;
  label: string;
  error: string | null;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={wide ? "col-span-full" : undefined}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      {children}
      <FieldError id={id} error={error} />
    </div>
  );
}

function FieldError({ id, error }: { id: string; error: string | null }) {
  return error ? (
    <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
      {error}
    </p>
  ) : null;
}

function TextField({
  id,
  label,
  values,
  error,
  autoComplete,
  wide,
}: {
  id: keyof CheckoutFormDraft;
  label: string;
  values: CheckoutFormDraft;
  error: string | null;
  autoComplete?: string;
  wide?: boolean;
}) {
  return (
    <Field id={id} label={label} error={error} wide={wide}>
      <input
        id={id}
        name={id}
        defaultValue={values[id] ?? ""}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={inputClass}
      />
    </Field>
  );
}
