import sprite from "./icons.svg";

/** The symbols of icons.svg (icon.test.ts checks that the two agree). */
export const iconNames = [
  "mail-merges",
  "unsubscriptions",
  "bounces",
  "team-report",
  "templates",
  "general",
  "users",
  "billing",
  "chevron-down",
  "chevron-left",
  "selector",
  "x",
  "menu",
  "check",
  "plus",
  "sparkles",
  "log-out",
  "switch-account",
  "external",
  "info",
  "success",
  "error",
  "warning",
  "download",
  "mail",
  "google",
] as const;

export type IconName = (typeof iconNames)[number];

/**
 * A line icon on a 24×24 grid (or the Google mark, in its own colours),
 * drawn from one sprite file that the browser caches, so a page carries a
 * short reference per icon instead of its paths.
 * Decorative, so always hidden from assistive technology.
 */
export function Icon({ name, className = "h-5 w-5" }: { name: IconName; className?: string }) {
  return (
    <svg aria-hidden="true" className={`shrink-0 ${className}`.trimEnd()}>
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}
