/**
 * The primitives that screens of every kind use, imported from here
 * (`~/components/ui`), never from their own files (ESLint checks).
 *
 * Why one module: esbuild's code splitting puts a shared module into one chunk
 * per distinct set of route modules (and lazily loaded modules) that reach it,
 * so a dozen small primitives, each used by a slightly different set of pages,
 * became a dozen script files on every page. package.json declares this module
 * to have side effects, which keeps it in the browser build; so every module
 * that imports from it reaches all of the primitives below, they share one set
 * of importers and land in one chunk, loaded once.
 *
 * Only what almost every page draws belongs here: the list controls, the
 * e-mail tag input and the conform form (loaded lazily, with zod) stay apart.
 * The domain modules imported at the end are small ones that nearly every page
 * uses too: imported here, they land in the same chunk instead of one file each
 * (as long as every page that uses one also imports from this module).
 */
export * from "./avatar";
export * from "./banner";
export * from "./button";
export * from "./dialog";
export * from "./disclosure";
export * from "./focus";
export * from "./general-error-boundary";
export * from "./icon";
export * from "./idempotency-key-field";
export * from "./info-tooltip";
export * from "./lazy-hydrated";
export * from "./page-heading";
export * from "./use-forget-params";
export * from "./use-hydrated";

import "~/domain/billing-intents";
import "~/domain/error-texts";
import "~/domain/external-links";
import "~/domain/list-query";
import "~/domain/list-texts";
import "~/domain/page-texts";
import "~/domain/page-title";
import "~/domain/space-paths";
