import type { LoaderFunctionArgs } from "@remix-run/node";
import { forwardInSpace } from "~/utils/redirects.server";
import { spaceSections } from "~/domain/space-paths";

/** 000 §2: /settings/billing redirects to /space/billing keeping the query string. */
export const loader = (args: LoaderFunctionArgs) => forwardInSpace(args, spaceSections.billing);
