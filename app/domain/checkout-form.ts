import { z } from "zod";
import { checkoutTexts } from "./billing-texts";
import { isEuropeanCountry } from "./countries";
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

const text = (max: number, tooLong: string) => z.string().trim().max(max, tooLong).optional();

/**
 * The billing information form (001 §3 Checkout form, §5). The business
 * question and the VAT ID belong to European countries only; elsewhere they
 * are dropped. A business purchase needs the VAT ID and the company name,
 * and its name is limited to 30 characters.
 */
export const checkoutFormSchema = z
  .object({
    country: z
      .string({ required_error: checkoutFormMessages.country })
      .regex(/^[A-Z]{2}$/, checkoutFormMessages.country),
    isBusinessPurchase: z.enum(["yes", "no"]).optional(),
    vatNumber: text(TEXT_MAX, checkoutFormMessages.vatId),
    companyName: text(TEXT_MAX, checkoutFormMessages.companyNameLong),
    name: z.string({ required_error: checkoutFormMessages.name }).trim().min(1, checkoutFormMessages.name),
    street: z
      .string({ required_error: checkoutFormMessages.street })
      .trim()
      .min(1, checkoutFormMessages.street)
      .max(TEXT_MAX, checkoutFormMessages.streetLong),
    city: z
      .string({ required_error: checkoutFormMessages.city })
      .trim()
      .min(2, checkoutFormMessages.city)
      .max(TEXT_MAX, checkoutFormMessages.cityLong),
    state: text(TEXT_MAX, checkoutFormMessages.stateLong),
    postalCode: text(POSTAL_CODE_MAX, checkoutFormMessages.postalCodeLong),
  })
  .superRefine((form, context) => {
    const european = isEuropeanCountry(form.country);
    const business = european && form.isBusinessPurchase === "yes";
    const issue = (path: string, message: string) => context.addIssue({ code: "custom", path: [path], message });
    if (european && !form.isBusinessPurchase) issue("isBusinessPurchase", checkoutFormMessages.business);
    if (business && (form.vatNumber ?? "").length < 2) issue("vatNumber", checkoutFormMessages.vatId);
    if (business && !form.companyName) issue("companyName", checkoutFormMessages.companyName);
    const nameMax = business ? BUSINESS_NAME_MAX : TEXT_MAX;
    if (form.name.length > nameMax)
      issue("name", business ? checkoutFormMessages.businessNameLong : checkoutFormMessages.nameLong);
  })
  .transform((form) => {
    const business = isEuropeanCountry(form.country) && form.isBusinessPurchase === "yes";
    return {
      country: form.country,
      isBusinessPurchase: business,
      vatNumber: business ? form.vatNumber! : null,
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
 * The seat count of a team purchase (001 §5): digits only, from 2 to the
 * seat limit, with the spec's two messages.
 */
export function teamSeatsSchema(max: number = SEAT_MAXIMUM) {
  const message =
    TEAM_MINIMUM === max ? checkoutTexts.details.only(max) : checkoutTexts.details.range(TEAM_MINIMUM, max);
  return z
    .string({ required_error: message })
    .trim()
    .regex(/^\d{1,3}$/, message)
    .transform(Number)
    .refine((seats) => seats >= TEAM_MINIMUM && seats <= max, message);
}

/** The details step (001 §2): for myself is one seat; for a team, the seat count. */
export const detailsSchema = z.discriminatedUnion("purchaseFor", [
  z.object({ purchaseFor: z.literal("myself") }),
  z.object({ purchaseFor: z.literal("team"), seats: teamSeatsSchema() }),
]);

/**
 * The seats to add (001 §4 Add seats): from 1 to what is left under the
 * maximum; a number past it is brought down to it (the spec clamps), a
 * missing or unreadable one is 1.
 */
export function clampSeatsToAdd(raw: string | null, addable: number) {
  const parsed = raw && /^\d{1,3}$/.test(raw.trim()) ? Number(raw.trim()) : 1;
  return Math.min(Math.max(parsed, 1), Math.max(addable, 1));
}

/** 001 §4 Remove seats: the totals one may go down to, from the current total minus 1 to the assigned seats. */
export function removableTotals(totalSeats: number, assignedSeats: number) {
  const lowest = Math.max(assignedSeats, 1);
  return Array.from({ length: Math.max(totalSeats - lowest, 0) }, (_, index) => totalSeats - 1 - index);
}
