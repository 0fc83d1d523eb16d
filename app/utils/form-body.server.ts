/** The largest form body an action reads: the longest legitimate form (500 addresses) fits many times over. */
export const MAX_FORM_BYTES = 1024 * 1024;

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * The status a write is refused with from its headers alone: 415 for a body
 * that is no HTML form, 413 for a declared length past MAX_FORM_BYTES, 400
 * for a length that is no length; null when its body may be read (a body
 * without a declared length, chunked, is measured as it is read).
 */
export function formBodyRefusal(
  method: string,
  contentType: string | null | undefined,
  declaredLength: string | null | undefined,
): 400 | 413 | 415 | null {
  if (method === "GET" || method === "HEAD") return null;
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (!FORM_TYPES.includes(type)) return 415;
  if (declaredLength === null || declaredLength === undefined) return null;
  const length = Number(declaredLength);
  if (!Number.isSafeInteger(length) || length < 0) return 400;
  return length > MAX_FORM_BYTES ? 413 : null;
}

const REFUSAL_TEXTS = { 400: "Bad Request", 413: "Payload Too Large", 415: "Unsupported Media Type: send a form" };

/**
 * Actions read HTML forms only: any other body is a 415, and one larger than
 * MAX_FORM_BYTES a 413, both before the action parses a byte of it. A
 * declared length is trusted (the server stops reading there); a body
 * without one (chunked) is counted on a copy, up to the limit.
 */
export async function assertFormBody(request: Request) {
  const refusal = formBodyRefusal(
    request.method,
    request.headers.get("Content-Type"),
    request.headers.get("Content-Length"),
  );
  if (refusal !== null) throw new Response(REFUSAL_TEXTS[refusal], { status: refusal });
  if (request.method === "GET" || request.method === "HEAD" || request.headers.has("Content-Length")) return;
  if ((await measuredLength(request)) > MAX_FORM_BYTES) throw new Response(REFUSAL_TEXTS[413], { status: 413 });
}

/** The body's length, counted on a clone and given up just past the limit. */
async function measuredLength(request: Request) {
  if (!request.body) return 0;
  const reader = request.clone().body!.getReader();
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || (total += value.byteLength) > MAX_FORM_BYTES) return total;
    }
  } finally {
    void reader.cancel().catch(() => undefined);
  }
}
