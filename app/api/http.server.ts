import { z } from "zod";
import { getEnv } from "~/env.server";
import { requestLog } from "~/observability/request-context.server";
import { fetchWithDeadline } from "./deadline.server";

export type BackendBase = "v1" | "v2" | "billing" | "auth";

function baseUrl(base: BackendBase) {
  const env = getEnv();
  return { v1: env.API_V1_URL, v2: env.API_V2_URL, billing: env.BILLING_API_URL, auth: env.AUTH_API_URL }[base];
}

const errorBodySchema = z.object({ error: z.string().optional(), reason: z.string().optional() }).passthrough();

/** A backend answer other than 2xx. Its body is for our code only: pages show catalogue texts. */
export class BackendError extends Error {
  constructor(
    readonly status: number,
    readonly error: string | undefined,
    readonly reason: string | undefined,
    readonly path: string,
  ) {
    super(`Backend answered ${status} for ${path}${reason ? ` (${reason})` : ""}`);
    this.name = "BackendError";
  }
}

export function isBackendError(error: unknown, status?: number): error is BackendError {
  return error instanceof BackendError && (status === undefined || error.status === status);
}

/**
 * Logs a failure that a page survives (a count shown as "-", a list shown empty). The backend refusing a request
 * (4xx: a mistyped id, a query it does not take) is what people do, not a fault: a warning with its status and
 * code, no stack. Anything else is ours: an error, with its stack.
 */
export function logSurvivedFailure(error: unknown, message: string) {
  if (error instanceof BackendError && error.status < 500)
    requestLog().warn({ backend: { status: error.status, error: error.error } }, message);
  else requestLog().error({ err: error }, message);
}

export type QueryValue = string | number | boolean | undefined | null;

export interface BackendRequest<T> {
  base: BackendBase;
  path: BackendPath;
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  query?: Record<string, QueryValue>;
  body?: unknown;
  headers?: Record<string, string>;
  /** Adds "X-ID-Token: Bearer <backendIdToken>" of the session, where the spec names that header (002 §7). */
  withIdToken?: boolean;
  /** Sent as the Idempotency-Key header: the backend applies a write once per key (issue 6). */
  idempotencyKey?: string;
  /** Parses a successful answer; leave out for answers without a body. */
  schema?: z.ZodType<T, z.ZodTypeDef, unknown>;
  /** A read that asks again instead of sharing this request's earlier answer: waiting for a webhook's effect. */
  fresh?: boolean;
  /** A POST that changes nothing (a price preview): the request's earlier reads stay shared. */
  changesNothing?: boolean;
}

export function backendUrl(base: BackendBase, { path }: BackendPath, query?: Record<string, QueryValue>) {
  const url = new URL(`${baseUrl(base).replace(/\/$/, "")}${path}`);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  return url;
}

/** A backend path, its values encoded, beside its template (each value a `:id`) for logs and metrics. */
export class BackendPath {
  constructor(
    readonly path: string,
    readonly template: string,
  ) {}
}

/**
 * Builds a backend path at its call site: `backendPath\`/workspaces/${id}/members\``. Each value is URL-encoded
 * and stands as `:id` in the template, so an endpoint's name is what the code says, never what a caller put in
 * the URL (a made-up campaign id that looks like a word is still `:id`); a BackendPath value is spliced in whole.
 */
export function backendPath(strings: TemplateStringsArray, ...values: Array<string | number | BackendPath>) {
  let path = strings[0]!;
  let template = strings[0]!;
  values.forEach((value, index) => {
    path += value instanceof BackendPath ? value.path : encodeURIComponent(String(value));
    template += value instanceof BackendPath ? value.template : ":id";
    path += strings[index + 1]!;
    template += strings[index + 1]!;
  });
  return new BackendPath(path, template);
}

/** A call's endpoint for logs and metrics: "GET v1 /workspaces/:id/members", from its path's template. */
export function endpointOf(method: string, base: BackendBase, { template }: BackendPath) {
  return `${method} ${base} ${template.startsWith("/") ? template : `/${template}`}`;
}

/** One HTTP call to a backend, with a deadline (fetchWithDeadline), without any session handling. */
export async function fetchBackend<T>(request: BackendRequest<T>, bearer?: string): Promise<T> {
  const url = backendUrl(request.base, request.path, request.query);
  const headers: Record<string, string> = { Accept: "application/json", ...request.headers };
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  if (request.idempotencyKey) headers["Idempotency-Key"] = request.idempotencyKey;
  if (request.body !== undefined) headers["Content-Type"] = "application/json";

  const method = request.method ?? "GET";
  const response = await fetchWithDeadline(
    url,
    { method, headers, body: request.body === undefined ? undefined : JSON.stringify(request.body) },
    endpointOf(method, request.base, request.path),
  );
  if (!response.ok) {
    const parsed = errorBodySchema.safeParse(await response.json().catch(() => null));
    throw new BackendError(
      response.status,
      parsed.success ? parsed.data.error : undefined,
      parsed.success ? parsed.data.reason : undefined,
      url.pathname,
    );
  }
  if (!request.schema) return undefined as T;
  return request.schema.parse(await response.json());
}

/** Timestamps arrive as strings of epoch milliseconds (000 §3) and become numbers. */
export const timestamp = z.coerce.number();
export const optionalTimestamp = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value) => (value === null || value === undefined || value === "" ? null : Number(value)));
