import { z } from "zod";
import { checkoutTexts } from "./checkout-texts";
import { isEuropeanCountry } from "./countries";
import { SEAT_COUNT_PARAM } from "./checkout-flow";
import { SEAT_MAXIMUM, TEAM_MINIMUM } from "./seat-pricing";

/** 001 §5 messages, verbatim (the business name limit's wrong wording included). */
export const checkoutFormMessages = {
  country: "Country is a required field",
  vatId: "The VAT ID is a required field for a business purchase",
  companyNameLong: "Company name must be at most 256 characters",
  companyName: "Company name is a required field",
  name: "Name is a required field",
  businessNameLong: "Company name must be at most 30 characters",
  nameLong: "Name must be at most 256 characters",
  street: "Street is a required field",
  city: "City is a required field",
  /** Written for this app: the spec gives no message for these. */
  business: "Please tell us whether this is a business purchase.",
  streetLong: "Street must be at most 256 characters",
  cityLong: "City must be at most 256 characters",
  stateLong: "State / Province must be at most 256 characters",
  postalCodeLong: "Postal code must be at most 30 characters",
} as const;

/** 001 §9 field limits. */
const TEXT_MAX = 256;
const BUSINESS_NAME_MAX = 30;
const POSTAL_CODE_MAX = 30;

const field = z
  .string()
  .optional()
  .transform((value) => value?.trim() ?? "");

/** Each text field's rule (001 §5): required or not, its least and most length, and their messages. */
const TEXT_RULES: Array<{
  field: "name" | "street" | "city" | "state" | "postalCode" | "companyName";
  min: number;
  max: number;
  missing?: string;
  tooLong: string;
}> = [
  {
    field: "street",
    min: 1,
    max: TEXT_MAX,
    missing: checkoutFormMessages.street,
    tooLong: checkoutFormMessages.streetLong,
  },
  { field: "city", min: 2, max: TEXT_MAX, missing: checkoutFormMessages.city, tooLong: checkoutFormMessages.cityLong },
  { field: "state", min: 0, max: TEXT_MAX, tooLong: checkoutFormMessages.stateLong },
  { field: "postalCode", min: 0, max: POSTAL_CODE_MAX, tooLong: checkoutFormMessages.postalCodeLong },
  { field: "companyName", min: 0, max: TEXT_MAX, tooLong: checkoutFormMessages.companyNameLong },
];

/**
 * The billing information form (001 §3 Checkout form, §5). The business
 * question and the VAT ID belong to European countries only; elsewhere they
 * are dropped. A business purchase needs the VAT ID and the company name,
 * and its name is limited to 30 characters. Every field is checked at once,
 * so one refusal says everything that is wrong.
 */
export const checkoutFormSchema = z
  .object({
    country: field,
    isBusinessPurchase: field,
    vatNumber: field,
    companyName: field,
    name: field,
    street: field,
    city: field,
    state: field,
    postalCode: field,
  })
  .superRefine((form, context) => {
    const issue = (path: string, message: string) => context.addIssue({ code: "custom", path: [path], message });
    if (!/^[A-Z]{2}$/.test(form.country)) issue("country", checkoutFormMessages.country);
    const european = isEuropeanCountry(form.country);
    const business = european && form.isBusinessPurchase === "yes";
    if (european && form.isBusinessPurchase !== "yes" && form.isBusinessPurchase !== "no")
      issue("isBusinessPurchase", checkoutFormMessages.business);
    if (business && form.vatNumber.length < 2) issue("vatNumber", checkoutFormMessages.vatId);
    if (business && form.vatNumber.length > TEXT_MAX) issue("vatNumber", checkoutFormMessages.vatId);
    if (business && !form.companyName) issue("companyName", checkoutFormMessages.companyName);
    if (!form.name) issue("name", checkoutFormMessages.name);
    else if (form.name.length > (business ? BUSINESS_NAME_MAX : TEXT_MAX))
      issue("name", business ? checkoutFormMessages.businessNameLong : checkoutFormMessages.nameLong);
    for (const rule of TEXT_RULES) {
      const value = form[rule.field];
      if (rule.missing && value.length < rule.min) issue(rule.field, rule.missing);
      else if (value.length > rule.max) issue(rule.field, rule.tooLong);
    }
  })
  .transform((form) => {
    const business = isEuropeanCountry(form.country) && form.isBusinessPurchase === "yes";
    return {
      country: form.country,
      isBusinessPurchase: business,
      vatNumber: business ? form.vatNumber : null,
      companyName: form.companyName || null,
      name: form.name,
      street: form.street,
      city: form.city,
      state: form.state || null,
      postalCode: form.postalCode || null,
    };
  });

export type CheckoutForm = z.output<typeof checkoutFormSchema>;

/** What a person typed in the information step, kept as typed (for Back, reload and refusals). */
export type CheckoutFormDraft = Partial<Record<keyof z.input<typeof checkoutFormSchema>, string>>;

/**
 * A seat count (001 §5, §9): digits only, from `min` to `max`, with the
 * spec's two messages. Anything else is refused, never brought into bounds
 * (issue 34): a count nobody confirmed is never charged.
 */
export function seatCountSchema(min: number, max: number) {
  const message = min === max ? checkoutTexts.details.only(max) : checkoutTexts.details.range(min, max);
  return z
    .string({ required_error: message })
    .trim()
    .regex(/^\d{1,3}$/, message)
    .transform(Number)
    .refine((seats) => seats >= min && seats <= max, message);
}

/** The seat count of a team purchase (001 §5): from 2 to the seat limit. */
export const teamSeatsSchema = (max: number = SEAT_MAXIMUM) => seatCountSchema(TEAM_MINIMUM, max);

/** The details step (001 §2): for myself is one seat; for a team, the seat count. */
export const detailsSchema = z.discriminatedUnion("purchaseFor", [
  z.object({ purchaseFor: z.literal("myself") }),
  z.object({ purchaseFor: z.literal("team"), seats: teamSeatsSchema() }),
]);

/** 001 §4 Add seats: from 1 to what is left under the maximum. */
export const seatsToAddSchema = (addable: number) => z.object({ [SEAT_COUNT_PARAM]: seatCountSchema(1, addable) });

/** 001 §4 Remove seats: the total to go down to, from the seats in use (at least 1) to one less than now. */
export const seatTotalSchema = (totalSeats: number, assignedSeats: number) =>
  z.object({ [SEAT_COUNT_PARAM]: seatCountSchema(Math.max(assignedSeats, 1), totalSeats - 1) });

/** 001 §4 Remove seats: the totals one may go down to, from the current total minus 1 to the assigned seats. */
export function removableTotals(totalSeats: number, assignedSeats: number) {
  const lowest = Math.max(assignedSeats, 1);
  return Array.from({ length: Math.max(totalSeats - lowest, 0) }, (_, index) => totalSeats - 1 - index);
}
