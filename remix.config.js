import { flatRoutes } from "remix-flat-routes";

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  // Routes come from remix-flat-routes (hybrid folders), not from Remix's own convention.
  ignoredRouteFiles: ["**/*"],
  routes: async (defineRoutes) =>
    flatRoutes("routes", defineRoutes, {
      // A route folder keeps its own modules beside its routes: `__` files and folders, server helpers and tests.
      ignoredRouteFiles: ["**/__*", "**/__*/**", "**/*.server.*", "**/*.test.{ts,tsx}", "**/.*"],
    }),
  // The compiled app behind the admission gate (app/entry.build.ts); remix-serve serves it unchanged.
  server: "app/entry.build.ts",
  serverModuleFormat: "esm",
  tailwind: true,
  postcss: false,
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
  },
};
