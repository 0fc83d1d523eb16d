import { createHash } from "node:crypto";

export interface Persona {
  email: string;
  name: string;
}

/** The seeded demo accounts (see ARCHITECTURE.md): tests and demos sign in as these. */
export const defaultPersonas = [
  { email: "owner@acme.test", name: "Olivia Owner" },
  { email: "admin@acme.test", name: "Adam Admin" },
  { email: "member@acme.test", name: "Mia Member" },
  { email: "disabled@acme.test", name: "Dan Disabled" },
  { email: "solo@gmail.com", name: "Sam Solo" },
  { email: "legacy@oldco.test", name: "Lee Legacy" },
  { email: "premium@bigco.test", name: "Priya Premium" },
  { email: "newcomer@startup.test", name: "Nina Newcomer" },
  { email: "stella@fernstudio.test", name: "Stella Stone" },
  { email: "arlo@fernstudio.test", name: "Arlo Adams" },
  { email: "tess@relay.test", name: "Tess Turner" },
  // Billing (issue 8): the owners of spaces that buy, add and remove seats, and of spaces with payment alerts.
  { email: "sales.lead@acme.test", name: "Sara Sales" },
  { email: "bea@birch.test", name: "Bea Birch" },
  { email: "ava@aspen.test", name: "Ava Aspen" },
  { email: "mona@media.test", name: "Mona Media" },
  { email: "mel@media.test", name: "Mel Media" },
  { email: "pia@pinelabs.test", name: "Pia Pine" },
  { email: "paul@pinelabs.test", name: "Paul Pike" },
  { email: "quinn@quill.test", name: "Quinn Quill" },
  { email: "quentin@quill.test", name: "Quentin Quade" },
  { email: "hal@harbor.test", name: "Hal Harbor" },
  { email: "tia@tidal.test", name: "Tia Tide" },
  { email: "lena@lumen.test", name: "Lena Lumen" },
  // Per-user and legacy checkout (issue 10): the owners of a Pro space of two domains, of a Belgian legacy
  // licence, of a monthly space with a planned change, and of a free per-user space.
  { email: "dora@delta.test", name: "Dora Delgado" },
  { email: "gert@ghent.test", name: "Gert Goossens" },
  { email: "wren@willow.test", name: "Wren Wood" },
  { email: "june@juniper.test", name: "June Juniper" },
] as const satisfies readonly Persona[];

export type PersonaEmail = (typeof defaultPersonas)[number]["email"];

/** A Google account as the emulator reports it in ID tokens and /userinfo. */
export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string;
  givenName: string;
  familyName: string;
  picture: string;
}

// Deliberately simple (one "@", no spaces, a dot in the domain): the chooser
// only needs to refuse obvious typos, not to implement RFC 5322.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normalizeEmail(value: string): string | null {
  const email = value.trim().toLowerCase();
  return email.length <= 254 && EMAIL_PATTERN.test(email) ? email : null;
}

/**
 * Google's `sub` is a 21-digit decimal string that never changes for an
 * account. Deriving it from the address keeps it stable across restarts, so
 * data stored by the backend keeps matching after the emulator restarts.
 */
export function subFor(email: string): string {
  const digest = createHash("sha256").update(email.toLowerCase()).digest("hex");
  const digits = (BigInt(`0x${digest}`) % 10n ** 20n).toString().padStart(20, "0");
  return `1${digits}`;
}

/** "jane.doe-smith" → "Jane Doe Smith": a plausible display name when none was typed. */
export function nameFromEmail(email: string): string {
  const local = email.split("@")[0] ?? email;
  const words = local.split(/[._+-]+/).filter(Boolean);
  return words.map((word) => word[0].toUpperCase() + word.slice(1)).join(" ") || local;
}

export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words.at(-1)!] : words;
  return letters.map((word) => [...word][0].toUpperCase()).join("") || "?";
}

export function makeIdentity(email: string, name: string, issuer: string): GoogleIdentity {
  const sub = subFor(email);
  const [givenName, ...rest] = name.trim().split(/\s+/);
  return {
    sub,
    email,
    name,
    givenName: givenName ?? name,
    familyName: rest.join(" "),
    picture: `${issuer}/avatars/${sub}.svg`,
  };
}
