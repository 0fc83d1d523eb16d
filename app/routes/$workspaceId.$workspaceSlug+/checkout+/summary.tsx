import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadCheckoutEntry } from "./__steps/checkout-entry.server";

// The per-user summary comes with the per-user checkout issue; in the per-seat layout it leads to billing.
export const loader = (args: LoaderFunctionArgs) => loadCheckoutEntry(args, "other");
export { default, meta } from "./_index";
