import type { LoaderFunctionArgs } from "@remix-run/node";
import { returnFromPayment } from "./payment-return.server";

/**
 * Where Stripe sends the browser back after a card's authentication (001 §4
 * Add seats, "Confirm your payment"): no page of its own, it leads on.
 */
export const loader = (args: LoaderFunctionArgs) => returnFromPayment(args);

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/ui";
