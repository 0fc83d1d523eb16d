/**
 * Addresses shown as tags, each with why it is refused when it is (002 §5:
 * the reason is the tag's tooltip, and is also written out, so it reads
 * without hovering).
 */
export function EmailTagList({
  tags,
  label,
}: {
  tags: Array<{ email: string; reason: string | null }>;
  label: string;
}) {
  return (
    <ul className="flex flex-wrap gap-2" aria-label={label}>
      {tags.map((tag) => (
        <li
          key={tag.email}
          title={tag.reason ?? undefined}
          className={`rounded-full px-3 py-1 text-xs font-medium ring-1 ring-inset ${
            tag.reason ? "bg-red-50 text-red-800 ring-red-300" : "bg-slate-100 text-slate-800 ring-slate-200"
          }`}
        >
          {tag.email}
          {tag.reason ? <span className="ml-1 font-normal">— {tag.reason}</span> : null}
        </li>
      ))}
    </ul>
  );
}
