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
