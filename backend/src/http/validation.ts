import type { Context } from "hono";
import { z } from "zod";
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

function parseOrThrow<T extends z.ZodTypeAny>(schema: T, value: unknown): z.output<T> {
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
