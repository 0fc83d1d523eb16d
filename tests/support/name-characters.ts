/**
 * One table for the names rule of the app (app/domain/space-name.ts) and the backend
 * (backend/src/domain/workspace-name.ts): both unit tests run it, so the two copies of the rule cannot drift.
 */

/** Names each side refuses: invisible, text-direction or default-ignorable characters, or stacked marks. */
export const REFUSED_NAMES: Array<[why: string, name: string]> = [
  ["a right-to-left override", "\u202Eevil.exe"],
  ["a right-to-left mark", "Acme\u200FSales"],
  ["a directional isolate", "Acme\u2066Sales"],
  ["a control character", "Acme\u0007Sales"],
  ["a C1 control", "Acme\u0085Sales"],
  ["zero-width spaces only", "\u200B\u200B\u200B\u200B\u200B"],
  ["a zero-width space", "Acme\u200BMarketing"],
  ["a soft hyphen", "Acme\u00ADMarketing"],
  ["a word joiner", "Acme\u2060Marketing"],
  ["a byte order mark", "Acme\uFEFFMarketing"],
  ["a zero-width joiner", "Acme\u200DMarketing"],
  ["a line separator", "Acme\u2028Marketing"],
  ["a Hangul filler", "Acme\u3164Marketing"],
  ["a halfwidth Hangul filler", "Acme\uFFA0Marketing"],
  ["a private-use character", "Acme\uE000Marketing"],
  ["a tag character", "Acme\u{E0041}Marketing"],
  ["a combining grapheme joiner (U+034F)", "Admin\u034F"],
  ["Khmer vowel inherent AQ (U+17B4)", "Acme\u17B4Sales"],
  ["five Khmer vowels inherent AQ, a blank name", "\u17B4\u17B4\u17B4\u17B4\u17B4"],
  ["a variation selector", "Acme\uFE0FSales"],
  ["a supplementary variation selector", "Acme\u{E0100}Sales"],
  ["a Mongolian vowel separator", "Acme\u180ESales"],
  ["a Braille blank", "Acme\u2800Sales"],
  ["four marks stacked on one letter", "Acme Sa\u0301\u0302\u0303\u0304les"],
  ["a tower of stacked marks", `Acme${"\u0336".repeat(40)}`],
];

/** Names each side accepts: letters of any script, emoji without joiners or selectors, up to three marks a letter. */
export const ACCEPTED_NAMES: string[] = [
  "Équipe Café",
  "Acme 🎉 Sales",
  "東京オフィス",
  "Acme\u00A0Sales",
  "Ünïcödé ❤ space",
  "Tiếng Việt nhóm",
  "Acme Sa\u0301\u0302\u0303les",
  "नमस्ते टीम",
];
