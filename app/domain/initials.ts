/** 000 §3: initials are the first letters of up to two words of the name. */
export function initials(name: string | null | undefined) {
  return (name ?? "")
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toLocaleUpperCase())
    .join("");
}
