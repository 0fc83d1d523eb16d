/** The shared button look (.btn in tailwind.css), for <button>s and for links that act as buttons. */
const variants = { primary: "btn-primary", secondary: "btn-secondary", danger: "btn-danger" } as const;

export type ButtonVariant = keyof typeof variants;

export function buttonClass(variant: ButtonVariant = "primary", extra = "") {
  return `btn ${variants[variant]} ${extra}`.trim();
}

/** A row inside a menu (account menu, space switcher). */
export const menuItemClass = "menu-item";
