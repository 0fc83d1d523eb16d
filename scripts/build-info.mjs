// After `remix build`: the commit the build was made from, for GET /healthz (app/utils/operations.server.ts).
// From GIT_COMMIT when set (a CI or image build without .git), else from git; null when neither knows.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";

function commit() {
  if (process.env.GIT_COMMIT) return process.env.GIT_COMMIT;
  const git = spawnSync("git", ["rev-parse", "HEAD"], { encoding: "utf8" });
  return git.status === 0 ? git.stdout.trim() : null;
}

writeFileSync("build/build-info.json", `${JSON.stringify({ commit: commit() })}\n`);
