import type { ReactNode } from "react";

/** The heading every space page starts with. */
export function PageHeading({ children, level = 1 }: { children: ReactNode; level?: 1 | 2 }) {
  const Tag = level === 1 ? "h1" : "h2";
  return <Tag className={level === 1 ? "text-2xl font-bold text-slate-900" : "text-xl font-semibold text-slate-900"}>{children}</Tag>;
}
