import type { LinksFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";
import { externalLinks } from "./domain/login";
import { oopsTexts } from "./domain/error-texts";
import { pageTitle } from "./domain/page-title";
import stylesheet from "./tailwind.css";
import { useNonce } from "./utils/nonce";
import { timeZoneScript } from "./utils/time-zone";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en" className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: timeZoneScript }} />
      </head>
      <body className="h-full bg-slate-50">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  // Reported server-side by entry.server; the page itself never shows details.
  if (typeof document !== "undefined") console.error(error);
  return <OopsScreen />;
}

export function OopsScreen() {
  const location = useLocation();
  return (
    <main className="flex min-h-full flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-4xl font-bold text-slate-900">{oopsTexts.title}</h1>
      <p className="text-lg text-slate-700">{oopsTexts.message}</p>
      {/* A full reload: whatever failed gets a fresh start. */}
      <a
        href={`${location.pathname}${location.search}`}
        className="rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
      >
        {oopsTexts.tryAgain}
      </a>
      <p className="text-sm text-slate-600">
        {oopsTexts.persists}{" "}
        <a className="text-brand-700 underline" href={externalLinks.support}>
          {oopsTexts.contactUs}
        </a>
      </p>
    </main>
  );
}

export const meta = () => pageTitle("Dashboard");
