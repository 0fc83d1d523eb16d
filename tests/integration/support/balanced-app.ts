/**
 * One instance of the app as `npm start` serves it, behind HAProxy with the
 * configuration of scripts/balancer.ts, over the reference backend through a
 * fault proxy, with its metrics port: for tests of what the balancer and the
 * app do together when the backend misbehaves. The owner's session cookie
 * comes with it.
 */
import { PERSONAS } from "../../../backend/src/db/seed/personas";
import { startBalancer } from "../../../scripts/balancer";
import { signIn, startAppBackend } from "./app";
import { startAppServer } from "./app-server";
import { startFaultProxy } from "./fault-proxy";
import { freePort } from "./network";

export async function startBalancedApp(env: Record<string, string>) {
  const backend = await startAppBackend();
  const proxy = await startFaultProxy(backend);
  const { cookie } = await signIn(backend, PERSONAS.owner.email);
  const metricsPort = await freePort();
  const app = await startAppServer({ ...env, METRICS_PORT: String(metricsPort) });
  const balancer = startBalancer({ port: await freePort(), instances: [Number(new URL(app.url).port)] });
  const close = async () => {
    await balancer.stop();
    await app.close();
    await proxy.close();
    await backend.close();
  };
  // The health checks go to the instance HAProxy sees up: it answers them once it has checked it.
  for (
    let waited = 0;
    !(await fetch(`${balancer.url}/healthz`).then(
      (r) => r.ok,
      () => false,
    ));
    waited += 100
  ) {
    if (waited > 10_000) {
      await close();
      throw new Error("HAProxy did not answer");
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { backend, proxy, app, balancer, cookie, metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`, close };
}

export type BalancedApp = Awaited<ReturnType<typeof startBalancedApp>>;
