import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { loadRenderedLazyHydrated } from "./components/ui";

// The page works from its HTML meanwhile; hydrating before the code of its lazily hydrated parts
// has arrived would leave them waiting, and an update in that window renders them anew, typed values lost.
void loadRenderedLazyHydrated().then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
});
