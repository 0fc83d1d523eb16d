import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BALANCER_HEALTH_CHECKS, BALANCER_NOTICE_MS, parseEnv } from "~/env.server";
import { VALID_REQUEST_ID } from "~/observability/request-context.server";
import { INSTANCE_MAXCONN, QUEUE_TIMEOUT_MS, haproxyConfig } from "./balancer";

describe("the balancer's configuration", () => {
  it("gives each instance the app's own limits: its places, and its longest wait for one", () => {
    const defaults = parseEnv({});
    expect(INSTANCE_MAXCONN).toBe(defaults.MAX_CONCURRENT_REQUESTS);
    expect(QUEUE_TIMEOUT_MS).toBe(defaults.MAX_QUEUE_WAIT_MS);
  });

  it("checks instances as the app's default drain expects: a stopping instance is noticed well before it stops answering", () => {
    const { intervalMs, fall } = BALANCER_HEALTH_CHECKS;
    expect(haproxyConfig({ port: 8080, instances: [3001] })).toContain(`check inter ${intervalMs}ms fall ${fall} `);
    // Twice the time to notice: a check late on a busy machine still comes before the instance closes.
    expect(parseEnv({}).SHUTDOWN_DRAIN_MS).toBeGreaterThanOrEqual(2 * BALANCER_NOTICE_MS);
  });

  it("keeps the request ids the app keeps, and replaces the others", () => {
    expect(haproxyConfig({ port: 8080, instances: [3001] })).toContain(
      `{ req.hdr(X-Request-Id) -m reg ${VALID_REQUEST_ID.source} }`,
    );
  });

  it("gives the pages that call no backend places of their own, on the same instances, up and down with their checks", () => {
    const config = haproxyConfig({ port: 8080, instances: [3001] });
    expect(config).toContain(`use_backend app_backend_free if { path /login /login.data `);
    const lane = config.slice(config.indexOf("\nbackend app_backend_free"), config.indexOf("\nbackend app_ungated"));
    expect(lane).toContain(`default-server maxconn ${INSTANCE_MAXCONN}`);
    expect(lane).toContain("server app1 127.0.0.1:3001 track app/app1");
    expect(lane).toContain("http-error status 503");
  });

  it("is the one the README shows", () => {
    const readme = readFileSync(path.join(import.meta.dirname, "..", "README.md"), "utf8");
    const section = readme.slice(readme.indexOf("### Running more than one instance"));
    const shown = /\n```\n([\s\S]*?)```\n/.exec(section)?.[1];
    expect(shown).toBe(haproxyConfig({ port: 8080, instances: [3001, 3002] }));
  });
});
