/**
 * Stripe's request encoding: form fields (or a GET query) whose names carry
 * the nesting, `line_items[0][price]=price_1&metadata[space]=51`, turned back
 * into the object the SDK started from. Numbered keys become arrays.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

export function parseStripeForm(params: URLSearchParams): FormObject {
  const root: FormObject = {};
  for (const [name, value] of params) {
    const path = name.split(/\[|\]\[|\]/).filter((segment, index) => segment !== "" || index === 0);
    let node: FormObject = root;
    path.forEach((segment, index) => {
      if (index === path.length - 1) {
        node[segment] = value;
        return;
      }
      const next = node[segment];
      if (typeof next !== "object" || Array.isArray(next)) node[segment] = {};
      node = node[segment] as FormObject;
    });
  }
  return arraysFromNumberedKeys(root) as FormObject;
}

function arraysFromNumberedKeys(value: FormValue): FormValue {
  if (typeof value !== "object" || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const entries = keys.map((key) => [key, arraysFromNumberedKeys(value[key]!)] as const);
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, item]) => item);
  }
  return Object.fromEntries(entries);
}

/** A plain text field; absent (or nested) is undefined. */
export const text = (value: FormValue | undefined) => (typeof value === "string" ? value : undefined);

/**
 * A list field (`tax_rates[0]=…`; `tax_rates[]=…` keeps only its last value)
 * as strings; the empty string, Stripe's way of clearing a list, is none.
 */
export const texts = (value: FormValue | undefined): string[] => {
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === "string");
  return typeof value === "string" && value !== "" ? [value] : [];
};

/** A nested object field (`line_items[0]`, `address`); anything else reads as empty. */
export const fieldsOf = (value: FormValue | undefined): FormObject =>
  typeof value === "object" && !Array.isArray(value) ? value : {};

/** `metadata[key]=value` pairs. */
export const metadataOf = (value: FormValue | undefined) =>
  Object.fromEntries(
    Object.entries(fieldsOf(value)).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );

/** Metadata after an update: `metadata[key]=value` pairs merged in, an empty value removing its key, `metadata=` all. */
export function updatedMetadata(current: Record<string, string>, value: FormValue): Record<string, string> {
  if (value === "") return {};
  const merged = { ...current, ...metadataOf(value) };
  return Object.fromEntries(Object.entries(merged).filter(([, entry]) => entry !== ""));
}
