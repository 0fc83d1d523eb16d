// `npm run dev`: like `npm start`, but the app runs under the classic compiler's
// `remix dev`, which rebuilds on change; scripts/serve.mjs reloads each build.
import { appServer, bin, runStack } from "./services.mjs";

// People read these logs at a terminal: readable lines rather than JSON, unless told otherwise.
process.env.LOG_FORMAT ??= "pretty";
// remix dev runs this command once: the app's server, as in production, in development mode.
const serve = appServer("build/index.js");
await runStack({
  name: "app",
  command: bin("remix"),
  args: ["dev", "--command", [serve.command, ...serve.args].join(" ")],
});
