import { refundsOf } from "./charges";
import { invalid } from "./errors";
import { texts, type FormObject } from "./form";
import { paymentsOf } from "./invoices";
import type { ObjectKind } from "./objects";
import type { StripeState } from "./state";

/** An object as JSON, for walking its fields. */
type Fields = Record<string, unknown>;

/** The fields holding another object's id that `expand[]` can replace with the object, and the kind they name. */
const EXPANDABLE: Record<string, ObjectKind> = {
  charge: "charge",
  coupon: "coupon",
  customer: "customer",
  default_payment_method: "payment_method",
  discount: "discount",
  discounts: "discount",
  invoice: "invoice",
  latest_charge: "charge",
  latest_invoice: "invoice",
  payment_intent: "payment_intent",
  payment_method: "payment_method",
  price: "price",
  product: "product",
  schedule: "subscription_schedule",
  subscription: "subscription",
};

const listOf = (data: unknown[], url: string) => ({ object: "list", data, has_more: false, url });

/** The lists that are no field of their object, answered only when expanded (Stripe's "includable" fields). */
function expandedList(state: StripeState, object: Fields, field: string) {
  const id = object.id as string;
  if (object.object === "checkout.session" && field === "line_items") {
    return listOf(state.purchases.get(id)?.lines ?? [], `/v1/checkout/sessions/${id}/line_items`);
  }
  if (object.object === "customer" && field === "tax_ids") {
    return listOf(state.taxIdsOf(id), `/v1/customers/${id}/tax_ids`);
  }
  if (object.object === "charge" && field === "refunds") {
    return listOf(refundsOf(state, id), `/v1/charges/${id}/refunds`);
  }
  if (object.object === "invoice" && field === "payments") {
    return listOf(paymentsOf(state, id), `/v1/invoice_payments?invoice=${id}`);
  }
  return undefined;
}

/**
 * The object with the `expand[]` paths of the request expanded, as Stripe
 * does (`latest_invoice`, `discounts`, `items.data.price.product`,
 * `line_items` of a Checkout Session, `tax_ids` of a customer, `refunds` of
 * a charge, `payments` of an invoice): a copy, the state is left as it is.
 * A path that cannot be expanded is a 400.
 */
export function withExpansions(state: StripeState, object: object, params: FormObject): Fields {
  return texts(params.expand).reduce(
    (expanded, path) => expandPath(state, expanded, path.split("."), path),
    object as Fields,
  );
}

function expandPath(state: StripeState, object: Fields, [field, ...rest]: string[], path: string): Fields {
  const value = field! in object ? object[field!] : expandedList(state, object, field!);
  if (value === undefined) throw invalid(`This property cannot be expanded (${path}).`, "expand");
  const kind = EXPANDABLE[field!];
  const expandOne = (item: unknown): unknown => {
    const resolved = typeof item === "string" && kind ? state.get(kind, item) : item;
    if (rest.length === 0 || resolved === null) return resolved;
    if (typeof resolved !== "object") throw invalid(`This property cannot be expanded (${path}).`, "expand");
    return expandPath(state, resolved as Fields, rest, path);
  };
  return { ...object, [field!]: Array.isArray(value) ? value.map(expandOne) : expandOne(value) };
}
