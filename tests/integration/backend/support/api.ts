import type { RunningBackend } from "../../support/backend";

export interface ApiAnswer {
  status: number;
  // Tests assert on arbitrary JSON shapes.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** JSON calls to a started backend, with an optional bearer token and headers sent with every call. */
export function apiClient(backend: RunningBackend, accessToken?: string, defaultHeaders: Record<string, string> = {}) {
  async function call(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiAnswer> {
    const response = await fetch(`${backend.url}${path}`, {
      method,
      headers: {
        ...defaultHeaders,
        ...(accessToken && { Authorization: `Bearer ${accessToken}` }),
        ...(body !== undefined && { "Content-Type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  }
  return {
    get: (path: string, headers?: Record<string, string>) => call("GET", path, undefined, headers),
    post: (path: string, body?: unknown, headers?: Record<string, string>) => call("POST", path, body, headers),
    put: (path: string, body?: unknown, headers?: Record<string, string>) => call("PUT", path, body, headers),
    patch: (path: string, body?: unknown) => call("PATCH", path, body),
    delete: (path: string, body?: unknown) => call("DELETE", path, body),
  };
}

/** A client signed in as the persona's e-mail. */
export async function signedInClient(backend: RunningBackend, email: string) {
  const session = await backend.issueSession(email);
  return apiClient(backend, session.accessToken);
}

/**
 * A client signed in as the persona's e-mail that also sends the session's
 * `X-ID-Token: Bearer <backendIdToken>` (the sent mail merge calls need it).
 */
export async function signedInWithIdToken(backend: RunningBackend, email: string) {
  const session = await backend.issueSession(email);
  return apiClient(backend, session.accessToken, { "X-ID-Token": `Bearer ${session.backendIdToken}` });
}
