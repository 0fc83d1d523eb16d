/**
 * The app's graceful stop with its default settings (issue 33, item 3;
 * README, Operations, "Stopping"): SIGTERM and SIGHUP alike, it stays
 * unready, still answering, for longer than the README's load balancer takes
 * to notice, finishes, and exits 0; a drain set shorter than that is said at
 * start.
 */
import { describe, expect, it } from "vitest";
import { BALANCER_NOTICE_MS } from "~/env.server";
import { startAppServer } from "../support/app-server";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** /readyz's status, or null once nothing answers. */
const readiness = (url: string) =>
  fetch(`${url}/readyz`).then(
    (answer) => answer.status,
    () => null,
  );

describe("the graceful stop, with the default settings", () => {
  for (const signal of ["SIGTERM", "SIGHUP"] as const) {
    it(`on ${signal}: unready but answering for longer than the balancer takes to notice, then exits 0`, async () => {
      const app = await startAppServer({ LOG_LEVEL: "info" });
      const signalled = performance.now();
      const exited = app.close(signal);
      // The signal is delivered asynchronously: a probe sent before the app has
      // taken it is rightly answered ready, so probing starts once it says so.
      while (!app.output().includes("stopping: no longer ready")) await sleep(5);
      // How long it answers, unready, after the signal.
      let lastUnready = signalled;
      for (let status = await readiness(app.url); status !== null; status = await readiness(app.url)) {
        expect(status).toBe(503);
        lastUnready = performance.now();
        await sleep(50);
      }
      expect(lastUnready - signalled).toBeGreaterThan(BALANCER_NOTICE_MS);
      expect(await exited).toEqual({ code: 0, signal: null });
      expect(app.output()).toContain(`"signal":"${signal}"`);
      expect(app.output()).toContain("stopped: every request under way was answered");
      expect(app.output()).not.toContain("SHUTDOWN_DRAIN_MS is shorter");
    });
  }

  it("says at start when SHUTDOWN_DRAIN_MS is shorter than the balancer takes to notice a stop", async () => {
    const app = await startAppServer({ LOG_LEVEL: "info", SHUTDOWN_DRAIN_MS: String(BALANCER_NOTICE_MS - 1) });
    await app.close();
    const warning = app
      .output()
      .split("\n")
      .find((line) => line.includes("SHUTDOWN_DRAIN_MS is shorter"));
    expect(JSON.parse(warning!)).toMatchObject({ level: "warn", drainMs: BALANCER_NOTICE_MS - 1 });
  });
});
