import type { LoaderFunctionArgs } from "@remix-run/node";
import { recipientsCsv } from "./__recipient-lists/recipients.server";

/** /bounces.csv: the bounce list with its current search and sort, as a streamed CSV download (002 §2, §9). */
export async function loader(args: LoaderFunctionArgs) {
  return recipientsCsv(args, "bounce");
}
