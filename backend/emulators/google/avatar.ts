import { html } from "hono/html";
import { initials } from "./identity";

// Mid-tone hues that keep white initials above 4.5:1 contrast.
const BACKGROUNDS = ["#1a73e8", "#188038", "#c5221f", "#8430ce", "#b06000", "#007b83", "#5f6368"];

/**
 * A 96×96 round avatar with the account's initials, so profile pictures work
 * offline without shipping image files. `name` may be user-typed: the `html`
 * helper escapes it.
 */
export function avatarSvg(sub: string, name: string | undefined): string {
  const background = BACKGROUNDS[Number(BigInt(sub) % BigInt(BACKGROUNDS.length))];
  const label = name ? initials(name) : "?";
  return html`<svg
    xmlns="http://www.w3.org/2000/svg"
    width="96"
    height="96"
    viewBox="0 0 96 96"
    role="img"
    aria-label="${label}"
  >
    <circle cx="48" cy="48" r="48" fill="${background}" />
    <text
      x="48"
      y="48"
      dy="0.35em"
      text-anchor="middle"
      font-family="Arial, Helvetica, sans-serif"
      font-size="38"
      fill="#fff"
    >
      ${label}
    </text>
  </svg> `.toString();
}
