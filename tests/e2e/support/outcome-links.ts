import { readFileSync } from "node:fs";
import { signOutcomeLink } from "../../../app/utils/banner-links.server";

/**
 * An outcome link as one of the app's redirects makes it for `email` (issue
 * 34): signed with the secret the local stack runs with (scripts/services.mjs).
 */
export function signedFor(email: string, url: string) {
  const secret = process.env.SESSION_SECRET ?? readFileSync(".data/session-secret", "utf8").trim();
  return signOutcomeLink(url, { email }, { secrets: [secret] });
}
