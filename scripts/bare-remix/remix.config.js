import appConfig from "../../remix.config.js";

/**
 * The bare Remix page the render benchmark measures the app against: the
 * app's Remix (its node_modules), compiler and future flags, and nothing of
 * its own but a 25-row table. It builds into the repo's .cache/.
 */
/** @type {import('@remix-run/dev').AppConfig} */
export default {
  serverModuleFormat: "esm",
  cacheDirectory: "../../.cache/bare-remix/compiler",
  serverBuildPath: "../../.cache/bare-remix/build/index.js",
  assetsBuildDirectory: "../../.cache/bare-remix/public/build",
  future: appConfig.future,
};
