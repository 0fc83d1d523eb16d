// Makes sure the tests and the benchmark of the load balancer (scripts/balancer.ts) have HAProxy:
// HAPROXY_PATH, else the one on this machine, else Debian's `haproxy` package. Node built-ins only.
import { existsSync } from "node:fs";
import { ensureDebianPackage } from "./debian-package.mjs";

export const SYSTEM_HAPROXY = "/usr/sbin/haproxy";

const configured = process.env.HAPROXY_PATH;
if (configured && !existsSync(configured)) {
  console.error(`HAPROXY_PATH is set to ${configured}, which does not exist.`);
  process.exit(1);
}
if (!configured && !ensureDebianPackage("haproxy", SYSTEM_HAPROXY)) {
  console.error(`The tests and the load benchmark of the balancer in front of the app need HAProxy, and none was found. Either:
  - install your distribution's package (Debian/Ubuntu: sudo apt-get install haproxy),
  - or point HAPROXY_PATH at an haproxy binary.`);
  process.exit(1);
}
