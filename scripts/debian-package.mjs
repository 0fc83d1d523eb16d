// Installs a Debian package the tests need, as the setup does for a fresh machine (ARCHITECTURE.md,
// Testing): the distribution's package, never a download of our own. Node built-ins only: .ci/run calls
// it before `npm ci`.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/**
 * Makes sure `binary` exists, installing `name` with apt-get when this is Debian and we are root.
 * Resolves true when it is there; prints why not and resolves false otherwise.
 */
export function ensureDebianPackage(name, binary) {
  if (existsSync(binary)) return true;
  const isRoot = process.getuid?.() === 0;
  const isDebian = existsSync("/etc/debian_version") && existsSync("/usr/bin/apt-get");
  if (!isRoot || !isDebian) return false;
  console.log(`${name} is missing: installing the Debian package.`);
  const result = spawnSync("sh", ["-c", `apt-get update && apt-get install -y ${name}`], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  if (result.status === 0 && existsSync(binary)) return true;
  console.error(`Installing ${name} failed (exit status ${result.status}).`);
  return false;
}
