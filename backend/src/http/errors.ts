import type { Context, ErrorHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { requestLog } from "../observability";

/** The one error body of the contract: `{ error, reason? }`. */
export interface ErrorBody {
  error: string;
  reason?: string;
}

/** Thrown by handlers and helpers; `handleError` turns it into the JSON answer. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly error: string,
    readonly reason?: string,
  ) {
    super(reason ? `${error}: ${reason}` : error);
  }
}

export const badRequest = (reason: string) => new HttpError(400, "invalid_request", reason);
export const unauthorized = (reason?: string) => new HttpError(401, "unauthorized", reason);
export const forbidden = (reason?: string) => new HttpError(403, "forbidden", reason);
export const userNotFound = () => new HttpError(404, "user_not_found");
export const workspaceNotFound = () => new HttpError(404, "workspace_not_found");
export const conflict = (reason: string) => new HttpError(409, "conflict", reason);

export function errorResponse(c: Context, status: ContentfulStatusCode, error: string, reason?: string) {
  const body: ErrorBody = reason === undefined ? { error } : { error, reason };
  return c.json(body, status);
}

export const handleError: ErrorHandler = (err, c) => {
  if (err instanceof HttpError) {
    if ("retryAfterSeconds" in err && typeof err.retryAfterSeconds === "number") {
      c.header("Retry-After", String(err.retryAfterSeconds));
    }
    return errorResponse(c, err.status, err.error, err.reason);
  }
  if (err instanceof HTTPException)
    return errorResponse(c, err.status as ContentfulStatusCode, "http_error", err.message || undefined);
  // Internals never reach the client; the log has the details, the stack on one line with the request's id.
  requestLog().error({ err }, "request failed");
  return errorResponse(c, 500, "internal_error");
};
