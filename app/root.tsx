import type { LinksFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "@remix-run/react";
import type { ReactNode } from "react";
import { LazyHydratedIds } from "./components/ui";
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
        <LazyHydratedIds nonce={nonce} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export { FullPageErrorBoundary as ErrorBoundary } from "./components/ui";

export const meta = () => pageTitle("Dashboard");
