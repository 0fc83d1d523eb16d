import { initials } from "~/domain/initials";

const sizes = { sm: "h-8 w-8 text-xs", md: "h-10 w-10 text-sm" } as const;

/**
 * A person's picture over their initials: if the picture fails to load, its
 * empty alt text draws nothing and the initials show through (no JavaScript needed).
 */
export function Avatar({
  name,
  pictureUrl = null,
  size = "sm",
  shape = "circle",
}: {
  name: string;
  pictureUrl?: string | null;
  size?: keyof typeof sizes;
  shape?: "circle" | "square";
}) {
  const rounding = shape === "circle" ? "rounded-full" : "rounded-md";
  const colors = shape === "circle" ? "bg-brand-100 text-brand-700" : "bg-slate-800 text-white";
  return (
    <span aria-hidden="true" className={`avatar ${rounding} ${colors} ${sizes[size]}`}>
      {initials(name) || "?"}
      {pictureUrl ? (
        <img
          src={pictureUrl}
          alt=""
          referrerPolicy="no-referrer"
          className={`absolute inset-0 h-full w-full object-cover ${rounding}`}
        />
      ) : null}
    </span>
  );
}
