import type { LoaderFunctionArgs } from "@remix-run/node";
import { forwardInSpace } from "~/utils/redirects.server";
import { spaceSections } from "~/domain/space-paths";

/** 002 §2: /space/upgrade redirects to /space/billing. */
export const loader = (args: LoaderFunctionArgs) => forwardInSpace(args, spaceSections.billing);
