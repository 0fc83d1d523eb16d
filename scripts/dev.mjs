// `npm run dev`: like `npm start`, but the app runs under the classic compiler's
// `remix dev`, which rebuilds on change and serves the build with remix-serve.
import { bin, remixServe, runStack } from "./services.mjs";

// remix dev runs this command whenever a build is ready: remix-serve with the front door, as in production.
const serve = remixServe("build/index.js");
await runStack({ name: "app", command: bin("remix"), args: ["dev", "--command", [serve.command, ...serve.args].join(" ")] });
