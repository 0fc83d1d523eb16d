import { StripeError, required } from "./errors";

/** Stripe's format of an EU VAT number: the country's prefix, then 2 to 13 letters or digits. */
const EU_VAT = /^([A-Z]{2})[0-9A-Z]{2,13}$/i;

/**
 * The country of a customer's tax ID, once its value is checked as Stripe
 * checks it (only `eu_vat` values are checked locally; any other type is
 * taken as given, its country read from the type: `gb_vat` is GB).
 * `param` names a field of it in the request, for the errors.
 */
export function taxIdCountry(
  type: string | undefined,
  value: string | undefined,
  param: (field: "type" | "value") => string,
) {
  if (!type) throw required(param("type"));
  if (!value) throw required(param("value"));
  if (type !== "eu_vat") return type.slice(0, 2).toUpperCase();
  const prefix = EU_VAT.exec(value)?.[1];
  if (!prefix)
    throw new StripeError(400, "invalid_request_error", "Invalid value for eu_vat.", "tax_id_invalid", param("value"));
  // Greece's VAT numbers start with EL, its ISO code is GR.
  return prefix.toUpperCase() === "EL" ? "GR" : prefix.toUpperCase();
}
