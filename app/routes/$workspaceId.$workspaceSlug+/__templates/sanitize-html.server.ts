/**
 * A small allow-list HTML sanitiser for the template previews (002 §2).
 *
 * The previews come from our own backend, but they are e-mail HTML and are
 * put into our page, so nothing outside a short list survives. The output is
 * never a copy of the input: it is rebuilt from tokens, with
 * - text escaped (`<` and `>` always; `&` unless it starts a character reference),
 * - only allowed tag names, each closing tag matched against what we opened
 *   (a stray `</div>` cannot close the page's own elements) and every element
 *   closed at the end,
 * - only allowed attributes, their values decoded and written back escaped in
 *   double quotes, so the browser reads exactly the value that was checked,
 * - links and images restricted to http(s) (links also mailto), links opening
 *   in a new tab without an opener,
 * - inline styles reduced to allowed properties with plain values (no url(),
 *   no expression(), no escapes), since e-mail HTML is styled inline.
 * Scripts, styles, frames, forms' fields and the like are dropped with their
 * content; any other unknown tag is dropped and its text kept.
 */

const VOID_TAGS = new Set(["br", "hr", "img", "col"]);

// prettier-ignore
const ALLOWED_TAGS = new Set([
  "a", "b", "blockquote", "br", "caption", "center", "code", "col", "colgroup", "div", "em",
  "h1", "h2", "h3", "h4", "h5", "h6", "hr", "i", "img", "li", "ol", "p", "pre", "s", "small",
  "span", "strong", "sub", "sup", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "u", "ul",
]);

/** Dropped together with everything inside them. */
// prettier-ignore
const DROP_WITH_CONTENT = new Set([
  "script", "style", "iframe", "frame", "frameset", "object", "embed", "applet", "noscript", "noembed",
  "noframes", "template", "textarea", "select", "option", "title", "head", "svg", "math", "xmp",
  "plaintext", "audio", "video", "canvas", "button",
]);

const GLOBAL_ATTRIBUTES = new Set(["style", "title", "align", "dir"]);
const TAG_ATTRIBUTES: Record<string, Set<string>> = {
  a: new Set(["href"]),
  img: new Set(["src", "alt", "width", "height"]),
  table: new Set(["width", "height", "border", "cellpadding", "cellspacing", "bgcolor", "valign"]),
  td: new Set(["width", "height", "colspan", "rowspan", "bgcolor", "valign"]),
  th: new Set(["width", "height", "colspan", "rowspan", "bgcolor", "valign", "scope"]),
  tr: new Set(["bgcolor", "valign", "height"]),
  col: new Set(["width", "span"]),
  colgroup: new Set(["width", "span"]),
  ol: new Set(["start", "type"]),
};

const SIZE = /^\d{1,5}(?:\.\d{1,3})?(?:%|px)?$/i;
const INTEGER = /^\d{1,4}$/;
const attributeRules: Record<string, (value: string) => boolean> = {
  href: (value) => /^(?:https?:\/\/|mailto:)/i.test(value),
  src: (value) => /^https?:\/\//i.test(value),
  width: (value) => SIZE.test(value),
  height: (value) => SIZE.test(value),
  border: (value) => INTEGER.test(value),
  cellpadding: (value) => INTEGER.test(value),
  cellspacing: (value) => INTEGER.test(value),
  colspan: (value) => INTEGER.test(value),
  rowspan: (value) => INTEGER.test(value),
  span: (value) => INTEGER.test(value),
  start: (value) => INTEGER.test(value),
  type: (value) => /^(?:1|a|A|i|I)$/.test(value),
  align: (value) => /^(?:left|right|center|justify)$/i.test(value),
  valign: (value) => /^(?:top|middle|bottom|baseline)$/i.test(value),
  dir: (value) => /^(?:ltr|rtl|auto)$/i.test(value),
  scope: (value) => /^(?:row|col|rowgroup|colgroup)$/i.test(value),
  bgcolor: (value) => /^#?[0-9a-z]{1,20}$/i.test(value),
  alt: () => true,
  title: () => true,
};

// prettier-ignore
const STYLE_PROPERTIES = new Set([
  "color", "background-color", "font", "font-family", "font-size", "font-style", "font-weight",
  "line-height", "letter-spacing", "text-align", "text-decoration", "text-transform", "text-indent",
  "vertical-align", "white-space", "word-break", "margin", "margin-top", "margin-right", "margin-bottom",
  "margin-left", "padding", "padding-top", "padding-right", "padding-bottom", "padding-left", "border",
  "border-top", "border-right", "border-bottom", "border-left", "border-color", "border-style",
  "border-width", "border-radius", "border-collapse", "border-spacing", "width", "min-width", "max-width",
  "height", "min-height", "max-height", "display", "list-style-type",
]);
const STYLE_VALUE = /^[-\w\s#%.,'"()!/+]*$/;
const STYLE_FUNCTIONS_DENIED = /(?:url|expression|image|image-set|element|attr|src)\s*\(/i;

const CHARACTER_REFERENCE = /^&(?:#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});/i;
const NAMED_REFERENCES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

function escapeText(text: string) {
  let out = "";
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (char === "<") out += "&lt;";
    else if (char === ">") out += "&gt;";
    else if (char === "&") out += CHARACTER_REFERENCE.test(text.slice(index, index + 40)) ? "&" : "&amp;";
    else out += char;
  }
  return out;
}

function escapeAttribute(value: string) {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function codePoint(value: number) {
  if (!Number.isFinite(value) || value <= 0 || value > 0x10ffff || (value >= 0xd800 && value <= 0xdfff))
    return "\ufffd";
  return String.fromCodePoint(value);
}

/** Decodes numeric references and the common named ones; anything else stays literal (and is checked as such). */
function decodeAttribute(value: string) {
  return value.replace(/&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|([a-z]+));?/gi, (whole, decimal, hex, name) => {
    if (decimal) return codePoint(Number(decimal));
    if (hex) return codePoint(parseInt(hex, 16));
    const named = NAMED_REFERENCES[String(name).toLowerCase()];
    return named !== undefined && whole.endsWith(";") ? named : whole;
  });
}

function stripControlCharacters(value: string) {
  return [...value]
    .filter((char) => {
      const code = char.charCodeAt(0);
      return !(code < 0x20 && char !== "\t" && char !== "\n" && char !== "\r" && char !== "\f") && code !== 0x7f;
    })
    .join("");
}

function sanitizeStyle(style: string) {
  const declarations: string[] = [];
  for (const declaration of style.split(";")) {
    const colon = declaration.indexOf(":");
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    if (!STYLE_PROPERTIES.has(property) || !value) continue;
    if (!STYLE_VALUE.test(value) || STYLE_FUNCTIONS_DENIED.test(value) || /\/\*/.test(value)) continue;
    declarations.push(`${property}: ${value}`);
  }
  return declarations.join("; ");
}

const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

function sanitizeAttributes(tag: string, source: string) {
  const allowed = TAG_ATTRIBUTES[tag];
  const kept = new Map<string, string>();
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = match[1]!.toLowerCase();
    if (kept.has(name) || !(GLOBAL_ATTRIBUTES.has(name) || allowed?.has(name))) continue;
    const raw = match[2] ?? match[3] ?? match[4] ?? "";
    // Control characters never belong in a value we keep.
    const value = stripControlCharacters(decodeAttribute(raw)).trim();
    if (name === "style") {
      const style = sanitizeStyle(value);
      if (style) kept.set(name, style);
      continue;
    }
    const rule = attributeRules[name];
    if (rule?.(value)) kept.set(name, value);
  }
  if (tag === "a" && kept.has("href")) {
    kept.set("target", "_blank");
    kept.set("rel", "noopener noreferrer");
  }
  return [...kept].map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`).join("");
}

const TAG = /<(\/?)([a-z][a-z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/iy;

export function sanitizeHtml(input: string): string {
  let out = "";
  const open: string[] = [];
  let index = 0;

  while (index < input.length) {
    const next = input.indexOf("<", index);
    if (next < 0) {
      out += escapeText(input.slice(index));
      break;
    }
    out += escapeText(input.slice(index, next));
    index = next;

    if (input.startsWith("<!--", index)) {
      const end = input.indexOf("-->", index + 4);
      index = end < 0 ? input.length : end + 3;
      continue;
    }
    if (input[index + 1] === "!" || input[index + 1] === "?") {
      const end = input.indexOf(">", index);
      index = end < 0 ? input.length : end + 1;
      continue;
    }

    TAG.lastIndex = index;
    const match = TAG.exec(input);
    if (!match) {
      out += "&lt;";
      index += 1;
      continue;
    }
    index = TAG.lastIndex;
    const [, slash, rawName, attributes] = match;
    const tag = rawName!.toLowerCase();
    const closing = slash === "/";

    if (DROP_WITH_CONTENT.has(tag)) {
      if (closing) continue;
      const end = new RegExp(`</${tag}\\s*>`, "ig");
      end.lastIndex = index;
      const found = end.exec(input);
      index = found ? end.lastIndex : input.length;
      continue;
    }
    if (!ALLOWED_TAGS.has(tag)) continue;

    if (closing) {
      const at = open.lastIndexOf(tag);
      if (at < 0) continue;
      // Close what was opened inside it too, so the output stays a proper tree.
      while (open.length > at) out += `</${open.pop()}>`;
      continue;
    }
    out += `<${tag}${sanitizeAttributes(tag, attributes ?? "")}>`;
    if (!VOID_TAGS.has(tag)) open.push(tag);
  }

  while (open.length) out += `</${open.pop()}>`;
  return out;
}
