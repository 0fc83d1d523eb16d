import { randomBytes } from "node:crypto";

/** A Stripe object as the API answers it: `id`, `object` and its fields. */
export type StripeObject = { id: string; object: string; [field: string]: unknown };

/** An id as Stripe makes them: a prefix naming the kind of object, then random letters and digits. */
export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("base64url").replace(/[-_]/g, "x")}`;
