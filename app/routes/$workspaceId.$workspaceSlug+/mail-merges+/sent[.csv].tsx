import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportSentCsv } from "./sent-csv.server";

/**
 * /mail-merges/sent.csv: "Export to CSV" of the Sent tab's current filters
 * (002 §2, §9), a resource route streaming up to 30,000 rows.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return exportSentCsv({ request, params, context });
}
