import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportTeamReport } from "./team-report.server";

/**
 * team-report.csv (a resource route): the team report with the page's current
 * search and sort, every row of it, as a streamed CSV download (002 §2, §9).
 */
export async function loader(args: LoaderFunctionArgs) {
  return exportTeamReport(args);
}
