/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

// Loader and action types follow single fetch (remix.config.js future.v3_singleFetch).
declare module "@remix-run/server-runtime" {
  interface Future {
    v3_singleFetch: true;
  }
}
export {};
