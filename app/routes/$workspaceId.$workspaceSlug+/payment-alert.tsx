import type { ActionFunctionArgs } from "@remix-run/node";
import { dismissPaymentAlertSchema } from "./__payment-alert-schema";
import { backToSpace, dismissThenGoBack } from "./__shell/dismissal.server";

export { backToSpace as loader };

/**
 * Dismisses a payment alert in this browser (001 §4: remembered per alert
 * key), then goes back. The shell shows the undismissible ones whatever
 * this remembers.
 */
export function action(args: ActionFunctionArgs) {
  return dismissThenGoBack(args, dismissPaymentAlertSchema, (_space, form) => ({
    list: "dismissedPaymentAlerts",
    key: form.key,
  }));
}
