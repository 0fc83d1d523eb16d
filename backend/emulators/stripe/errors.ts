/** A Stripe API error: the envelope `{ error: { type, code, message, param, … } }` with its HTTP status. */
export class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: "invalid_request_error" | "card_error" | "api_error" | "idempotency_error",
    message: string,
    readonly code?: string,
    readonly param?: string,
    /** What else Stripe puts in the envelope (a card error's `decline_code`, `charge`, `payment_intent`). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }

  toJSON() {
    return { error: { type: this.type, message: this.message, code: this.code, param: this.param, ...this.details } };
  }
}

/** An object that does not exist: 404 for the one the URL names, 400 for one a parameter names, as Stripe answers. */
export const missing = (kind: string, id: string, param = "id") =>
  new StripeError(
    param === "id" ? 404 : 400,
    "invalid_request_error",
    `No such ${kind}: '${id}'`,
    "resource_missing",
    param,
  );

export const invalid = (message: string, param?: string, code = "parameter_invalid") =>
  new StripeError(400, "invalid_request_error", message, code, param);

/** A request Stripe refuses for the state its object is in (no `code`, as Stripe sends none for these). */
export const refused = (message: string, param?: string) =>
  new StripeError(400, "invalid_request_error", message, undefined, param);

/** A parameter Stripe takes that the local Stripe does not emulate: said plainly rather than ignored. */
export const notEmulated = (param: string) => invalid(`${param} is not available locally.`, param);

export const unknownParameter = (param: string) =>
  new StripeError(400, "invalid_request_error", `Received unknown parameter: ${param}`, "parameter_unknown", param);

export const required = (param: string) =>
  new StripeError(400, "invalid_request_error", `Missing required param: ${param}.`, "parameter_missing", param);
