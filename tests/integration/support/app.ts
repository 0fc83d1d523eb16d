/**
 * Calls the Remix app's loaders and actions directly, against a reference
 * backend started for the test file, with a real session cookie.
 */
import { randomUUID } from "node:crypto";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { BANNER_SIGNATURE_PARAM, OUTCOME_EXPIRY_PARAM } from "~/domain/banner-params";
import { IDEMPOTENCY_FIELD } from "~/domain/idempotency";
import { signOutcomeLink } from "~/utils/banner-links.server";
import { commitSessionData } from "~/utils/session.server";
import { startBillingStack } from "../backend/support/billing";
import { startBackend, type RunningBackend, type StartBackendOptions, type TestSession } from "./backend";

export const APP_ORIGIN = "http://app.test";

/** Starts a backend and points the app's environment at it (before any app module reads it). */
export async function startAppBackend(options?: StartBackendOptions): Promise<RunningBackend> {
  const backend = await startBackend(options);
  Object.assign(process.env, backend.env, { SESSION_SECRET: "test-secret" });
  return backend;
}

/**
 * A backend and a local Stripe whose webhooks reach it (the billing stack of
 * tests/integration/backend/support/billing.ts), with the app pointed at them.
 */
export async function startAppBillingStack(options: Parameters<typeof startBillingStack>[0] = {}) {
  const stack = await startBillingStack(options);
  Object.assign(process.env, stack.backend.env, { SESSION_SECRET: "test-secret" });
  return stack;
}

export interface SignedIn {
  email: string;
  session: TestSession;
  cookie: string;
}

/** A backend session for the e-mail, as the app's session cookie. */
export async function signIn(
  backend: RunningBackend,
  email: string,
  overrides: { expiresAt?: number } = {},
): Promise<SignedIn> {
  const session = await backend.issueSession(email);
  const setCookie = await commitSessionData(new Request(APP_ORIGIN), {
    accessToken: session.accessToken,
    sessionId: session.sessionId,
    backendIdToken: session.backendIdToken,
    expiresAt: overrides.expiresAt ?? Number(session.expiresAt),
    email,
  });
  return { email, session, cookie: setCookie.split(";")[0]! };
}

/** A form's fields; a list is a field sent once per value (checkboxes of one name). */
export type FormFields = Record<string, string | readonly string[]>;

export function appRequest(
  path: string,
  {
    cookie,
    method = "GET",
    form,
    headers,
  }: { cookie?: string; method?: string; form?: FormFields; headers?: Record<string, string> } = {},
) {
  const init: RequestInit = { method, headers: { ...(cookie ? { Cookie: cookie } : {}), ...headers } };
  if (form) {
    // As the page renders it: every form carries a fresh once-only key unless the test sets one.
    const body = new URLSearchParams({ [IDEMPOTENCY_FIELD]: randomUUID() });
    for (const [key, value] of Object.entries(form)) {
      body.delete(key);
      for (const each of typeof value === "string" ? [value] : value) body.append(key, each);
    }
    init.body = body;
    (init.headers as Record<string, string>)["Content-Type"] = "application/x-www-form-urlencoded";
    (init.headers as Record<string, string>).Origin ??= APP_ORIGIN;
    (init.headers as Record<string, string>).Host ??= new URL(APP_ORIGIN).host;
  }
  return new Request(`${APP_ORIGIN}${path}`, init);
}

type Handler = (args: LoaderFunctionArgs | ActionFunctionArgs) => unknown;

/** A thrown `data(…, init)`: Remix answers it with its status, like a thrown Response. */
function isThrownData(error: unknown): error is { data: unknown; init: ResponseInit | null } {
  return typeof error === "object" && error !== null && (error as { type?: string }).type === "DataWithResponseInit";
}

/**
 * Runs a loader or action. Thrown responses (redirects, 403…) and thrown
 * `data()` are returned like returned ones, so tests can assert either the same way.
 */
export async function run(handler: Handler, request: Request, params: Record<string, string> = {}) {
  try {
    return { result: await handler({ request, params, context: {} }), response: null as Response | null };
  } catch (error) {
    if (error instanceof Response) return { result: null, response: error };
    if (isThrownData(error))
      return { result: null, response: new Response(JSON.stringify(error.data), error.init ?? {}) };
    throw error;
  }
}

/** The redirect target of a thrown or returned redirect, else null. */
export function redirectTarget(outcome: { result: unknown; response: Response | null }) {
  const response = outcome.response ?? (outcome.result instanceof Response ? outcome.result : null);
  if (!response || response.status < 300 || response.status >= 400) return null;
  return response.headers.get("Location");
}

/** The data of a single-fetch `data()` result, or a plain returned object. */
export function loaderData<T>(outcome: { result: unknown }): T {
  const result = outcome.result as { data?: T; type?: string } | T;
  if (
    result &&
    typeof result === "object" &&
    "type" in result &&
    (result as { type?: string }).type === "DataWithResponseInit"
  ) {
    return (result as { data: T }).data;
  }
  return result as T;
}

/** The status of a returned `data(…, init)`, or of a thrown or returned response; 200 for plain data. */
export function statusOf(outcome: { result: unknown; response: Response | null }) {
  if (outcome.response) return outcome.response.status;
  if (outcome.result instanceof Response) return outcome.result.status;
  const init = (outcome.result as { init?: { status?: number } | null } | null)?.init;
  return init?.status ?? 200;
}

/**
 * The target of a redirect that reports an outcome, checked to be signed
 * (issue 34), without its signature and expiry: what the test compares.
 */
export function signedTarget(outcome: { result: unknown; response: Response | null }) {
  const target = redirectTarget(outcome);
  return target === null ? null : unsigned(target);
}

/** An outcome link checked to be signed, without its signature and expiry. */
export function unsigned(target: string) {
  const url = new URL(target, "http://app.test");
  if (!url.searchParams.has(OUTCOME_EXPIRY_PARAM) || !url.searchParams.has(BANNER_SIGNATURE_PARAM)) {
    throw new Error(`The outcome of ${target} is not signed`);
  }
  url.searchParams.delete(OUTCOME_EXPIRY_PARAM);
  url.searchParams.delete(BANNER_SIGNATURE_PARAM);
  return target.slice(0, target.indexOf("?")) + url.search;
}

/** An outcome link as a redirect of ours would make it for `email` (a page shows no other). */
export const signedFor = (email: string, url: string) => signOutcomeLink(url, { email });
