import type { LoaderFunctionArgs } from "@remix-run/node";
import { forwardInSpace } from "~/utils/redirects.server";
import { spaceSections } from "~/domain/space-paths";

/** 002 §2: /mail-merges redirects to /mail-merges/sent. */
export const loader = (args: LoaderFunctionArgs) => forwardInSpace(args, spaceSections.sent);
