import { Form } from "@remix-run/react";
import { useState } from "react";
import { buttonClass, useHydrated } from "~/components/ui";
import { checkoutTexts } from "~/domain/checkout-texts";
import { SEAT_MAXIMUM, TEAM_MINIMUM } from "~/domain/seat-pricing";

const texts = checkoutTexts.details;
const validTeamSize = (value: string) =>
  /^\d+$/.test(value) && Number(value) >= TEAM_MINIMUM && Number(value) <= SEAT_MAXIMUM;

/**
 * The choice and the seat count (001 §2). The field takes digits only, as
 * typed or pasted, and Next is disabled while the count is out of range;
 * without JavaScript the server answers with the message instead.
 */
export function DetailsForm({
  purchaseFor: initialChoice,
  seats: initialSeats,
  error,
}: {
  purchaseFor: "myself" | "team";
  seats: string;
  error: string | null;
}) {
  const [purchaseFor, setPurchaseFor] = useState(initialChoice);
  const [seats, setSeats] = useState(initialSeats);
  // Before JavaScript the field stays editable and Next enabled: the server checks the count.
  const hydrated = useHydrated();
  const forMyself = hydrated && purchaseFor === "myself";
  const invalid = hydrated && purchaseFor === "team" && !validTeamSize(seats);
  const message = error ?? (invalid ? texts.range(TEAM_MINIMUM, SEAT_MAXIMUM) : null);
  return (
    <Form method="post" className="max-w-xl rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <fieldset>
        <legend className="text-base font-semibold text-slate-900">{texts.question}</legend>
        <div className="mt-4 grid gap-3 tablet:grid-cols-2">
          {(["myself", "team"] as const).map((choice) => (
            <label
              key={choice}
              className="flex cursor-pointer items-start gap-3 rounded-md p-4 ring-1 ring-slate-300 has-[:checked]:ring-2 has-[:checked]:ring-brand-600"
            >
              <input
                type="radio"
                name="purchaseFor"
                value={choice}
                checked={purchaseFor === choice}
                onChange={() => setPurchaseFor(choice)}
                className="mt-1"
              />
              <span>
                <span className="block font-semibold text-slate-900">
                  {choice === "myself" ? texts.forMyself : texts.forTeam}
                </span>
                <span className="block text-sm text-slate-600">
                  {choice === "myself" ? texts.forMyselfHint : texts.forTeamHint}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="mt-6">
        <label htmlFor="seats" className="block text-sm font-medium text-slate-900">
          {texts.seats}
        </label>
        <input
          id="seats"
          name="seats"
          inputMode="numeric"
          autoComplete="off"
          value={forMyself ? "1" : seats}
          readOnly={forMyself}
          onChange={(event) => setSeats(event.target.value.replace(/\D/g, ""))}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? "seats-error" : undefined}
          className="text-input mt-1 w-32 read-only:bg-slate-100"
        />
        {message ? (
          <p id="seats-error" role="alert" className="mt-1 text-sm text-red-700">
            {message}
          </p>
        ) : null}
      </div>
      <div className="mt-6 flex justify-end">
        <button type="submit" disabled={invalid} className={buttonClass()}>
          {texts.next}
        </button>
      </div>
    </Form>
  );
}
