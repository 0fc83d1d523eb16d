import type { RunningBackend } from "../../support/backend";

export interface ApiAnswer {
  status: number;
  // Tests assert on arbitrary JSON shapes.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** JSON calls to a started backend, with an optional bearer token. */
export function apiClient(backend: RunningBackend, accessToken?: string) {
  async function call(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiAnswer> {
    const response = await fetch(`${backend.url}${path}`, {
      method,
      headers: {
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
    get: (path: string) => call("GET", path),
    post: (path: string, body?: unknown, headers?: Record<string, string>) => call("POST", path, body, headers),
    put: (path: string, body?: unknown) => call("PUT", path, body),
  };
}

/** A client signed in as the persona's e-mail. */
export async function signedInClient(backend: RunningBackend, email: string) {
  const session = await backend.issueSession(email);
  return apiClient(backend, session.accessToken);
}
