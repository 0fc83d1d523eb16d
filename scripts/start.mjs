// `npm start`: the production build, with the local stand-ins unless USE_LOCAL_SERVICES=false.
import { existsSync } from "node:fs";
import path from "node:path";
import { appServer, root, runStack } from "./services.mjs";

const serverBuild = path.join("build", "index.js");
if (!existsSync(path.join(root, serverBuild))) {
  console.error(`${serverBuild} is missing: run \`npm run build\` first.`);
  process.exit(1);
}

await runStack({ name: "app", ...appServer(serverBuild) });
