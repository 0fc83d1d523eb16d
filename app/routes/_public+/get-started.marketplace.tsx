import { redirect } from "@remix-run/node";
import { externalLinks } from "~/domain/external-links";
import { marketplaceVisitCookie } from "./__onboarding.server";

/**
 * Step 2's marketplace links open this in a new tab: it notes the visit for
 * the wizard's Continue (000 §4), then forwards to the marketplace listing.
 * A resource route: no page of its own.
 */
export async function loader() {
  return redirect(externalLinks.marketplace, {
    headers: { "Set-Cookie": await marketplaceVisitCookie().serialize(true) },
  });
}
