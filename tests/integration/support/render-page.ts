/**
 * Renders a route module's screen on the server with the data its loader
 * (and action) gave, as the browser first sees it: what a test reads is the
 * page's text, not the loader's data.
 */
import { createRemixStub } from "@remix-run/testing";
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";

const ROUTE_ID = "page";

export function renderPage(
  module: { default: ComponentType },
  loaderData: unknown,
  { path = "/", actionData }: { path?: string; actionData?: unknown } = {},
) {
  const Stub = createRemixStub([{ id: ROUTE_ID, path: "*", Component: module.default }]);
  // React warns that a link's layout effect does nothing on the server: true, and nothing to report here.
  const error = console.error;
  console.error = (...args: unknown[]) => {
    if (typeof args[0] === "string" && args[0].includes("useLayoutEffect does nothing on the server")) return;
    error(...args);
  };
  try {
    return render(Stub, loaderData, path, actionData);
  } finally {
    console.error = error;
  }
}

function render(Stub: ComponentType<Record<string, unknown>>, loaderData: unknown, path: string, actionData: unknown) {
  return renderToString(
    createElement(Stub, {
      initialEntries: [path],
      hydrationData: {
        loaderData: { [ROUTE_ID]: loaderData },
        ...(actionData === undefined ? {} : { actionData: { [ROUTE_ID]: actionData } }),
      },
    }),
  );
}

/** The text a person reads in rendered HTML: tags as spaces, entities decoded, spaces collapsed. */
export function textOf(html: string) {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}
