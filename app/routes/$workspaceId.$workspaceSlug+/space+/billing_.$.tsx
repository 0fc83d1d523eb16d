import type { LoaderFunctionArgs } from "@remix-run/node";
import { forwardInSpace } from "~/utils/redirects.server";
import { spaceSections } from "~/domain/space-paths";

/** 001 §2: any other sub-path of billing redirects to the space billing page. */
export const loader = (args: LoaderFunctionArgs) => forwardInSpace(args, spaceSections.billing);
