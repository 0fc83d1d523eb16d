import type { Context } from "hono";
import { z } from "zod";
import { ListQueryError } from "../domain/list-query";
import { badRequest } from "./errors";

/**
 * The 400 `reason`: custom issues carry a bare code meant for the client (e.g.
 * TOO_SHORT), other issues read as "field: what is wrong".
 */
function reasonOf(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "invalid request";
  if (issue.code === z.ZodIssueCode.custom) return issue.message;
  return issue.path.length > 0 ? `${issue.path.join(".")}: ${issue.message}` : issue.message;
}

/** A value checked against a schema: its output, or a 400 with the first issue as the reason. */
export function parseOrThrow<T extends z.ZodTypeAny>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(reasonOf(result.error));
  return result.data;
}

export async function parseJsonBody<T extends z.ZodTypeAny>(c: Context, schema: T): Promise<z.output<T>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw badRequest("body must be JSON");
  }
  return parseOrThrow(schema, body);
}

export function parseQuery<T extends z.ZodTypeAny>(c: Context, schema: T): z.output<T> {
  return parseOrThrow(schema, c.req.query());
}

/** A `true`/`false` query flag; the contract says a missing include flag means true. */
export const queryFlag = z
  .enum(["true", "false"])
  .optional()
  .transform((value) => value !== "false");

/** A whole number in a query string, within bounds. */
export const queryInteger = (min: number, max: number) =>
  z.string().regex(/^\d+$/, "must be a whole number").transform(Number).pipe(z.number().int().min(min).max(max));

/** Runs a list-query parser (domain/list-query.ts) inside zod, so its message becomes the 400's reason. */
export function parsedBy<T>(parse: (raw: string | undefined) => T) {
  return z
    .string()
    .optional()
    .transform((raw, ctx): T => {
      try {
        return parse(raw);
      } catch (error) {
        if (!(error instanceof ListQueryError)) throw error;
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: error.message });
        return z.NEVER;
      }
    });
}

/** `limit` and `limitOffset` of a list call. */
export function pageQuery(defaultLimit: number, maxLimit: number) {
  return {
    limit: queryInteger(1, maxLimit).default(String(defaultLimit)),
    limitOffset: queryInteger(0, Number.MAX_SAFE_INTEGER).default("0"),
  };
}

/** The four parameters of a list call (filterBy, sortBy, limit, limitOffset), for one list's query spec. */
export function listQuerySchema<F, S>(
  query: { parseFilter(raw: string | undefined): F; parseSort(raw: string | undefined): S },
  limits: { defaultLimit: number; maxLimit: number },
) {
  return z.object({
    filterBy: parsedBy(query.parseFilter),
    sortBy: parsedBy(query.parseSort),
    ...pageQuery(limits.defaultLimit, limits.maxLimit),
  });
}
