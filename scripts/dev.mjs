// `npm run dev`: like `npm start`, but the app runs under the classic compiler's
// `remix dev`, which rebuilds on change and serves the build with remix-serve.
import { bin, runStack } from "./services.mjs";

await runStack({ name: "app", command: bin("remix"), args: ["dev"] });
