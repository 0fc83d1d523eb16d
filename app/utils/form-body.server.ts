/** The largest form body an action reads: the longest legitimate form (500 addresses) fits many times over. */
export const MAX_FORM_BYTES = 1024 * 1024;

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * Actions read HTML forms only: any other body is a 415, and one larger than
 * MAX_FORM_BYTES a 413, both before the action parses a byte of it. A
 * declared length is trusted (the server stops reading there); a body
 * without one (chunked) is counted on a copy, up to the limit.
 */
export async function assertFormBody(request: Request) {
  if (request.method === "GET" || request.method === "HEAD") return;
  const contentType = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!FORM_TYPES.includes(contentType)) throw new Response("Unsupported Media Type: send a form", { status: 415 });
  const declared = request.headers.get("Content-Length");
  const length = declared === null ? await measuredLength(request) : Number(declared);
  if (!Number.isSafeInteger(length) || length < 0) throw new Response("Bad Request", { status: 400 });
  if (length > MAX_FORM_BYTES) throw new Response("Payload Too Large", { status: 413 });
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
