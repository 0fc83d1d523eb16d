import { describe, expect, it, vi } from "vitest";
import { newRequestContext, runInRequestContext } from "./request-context.server";
import { serverTiming, setServerTiming } from "./server-timing.server";
import { logger } from "./logger.server";

function inRequest<T>(work: (context: ReturnType<typeof newRequestContext>) => T) {
  const context = newRequestContext("timing-test", logger);
  return runInRequestContext(context, () => work(context));
}

describe("serverTiming", () => {
  it("names the backend calls, their time, the render and the total, one decimal each", () => {
    vi.spyOn(performance, "now").mockReturnValueOnce(1000).mockReturnValue(1042.26);
    const header = inRequest((context) => {
      context.backendCalls = 5;
      context.backendMs = 23.44;
      return serverTiming({ renderMs: 8.06 });
    });
    vi.restoreAllMocks();
    expect(header).toBe('backend;desc="5 calls";dur=23.4, render;dur=8.1, total;dur=42.3');
  });

  it("says one call, and leaves the render out when nothing was rendered", () => {
    const header = inRequest((context) => {
      context.backendCalls = 1;
      context.backendMs = 3;
      return serverTiming();
    });
    expect(header).toMatch(/^backend;desc="1 call";dur=3\.0, total;dur=\d+\.\d$/);
  });

  it("sets nothing outside a request", () => {
    const headers = new Headers();
    setServerTiming(headers, { renderMs: 1 });
    expect(serverTiming()).toBeNull();
    expect(headers.has("Server-Timing")).toBe(false);
  });
});
