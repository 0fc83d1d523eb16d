import { currentRequest } from "./request-context.server";

/** Milliseconds as Server-Timing writes them: one decimal. */
const ms = (value: number) => value.toFixed(1);

/**
 * The Server-Timing header of the current request's answer (issue 28), so
 * anyone can see in the browser's network panel where a page's time went:
 * the backend calls made for it so far (how many, their time added up:
 * parallel calls overlap, so it can exceed the wall time), the render when
 * there was one (until the first byte: the rest streams), and the time from
 * the request's arrival to this header. Null outside a request (a script, a
 * test calling the handler directly).
 */
export function serverTiming({ renderMs }: { renderMs?: number } = {}): string | null {
  const request = currentRequest();
  if (!request) return null;
  const calls = request.backendCalls;
  const metrics = [`backend;desc="${calls} ${calls === 1 ? "call" : "calls"}";dur=${ms(request.backendMs)}`];
  if (renderMs !== undefined) metrics.push(`render;dur=${ms(renderMs)}`);
  metrics.push(`total;dur=${ms(performance.now() - request.startedAt)}`);
  return metrics.join(", ");
}

/** Sets the header on `headers` when there is a request to time. */
export function setServerTiming(headers: Headers, timing: { renderMs?: number } = {}) {
  const value = serverTiming(timing);
  if (value !== null) headers.set("Server-Timing", value);
}
