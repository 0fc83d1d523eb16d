import { useFetcher } from "@remix-run/react";
import { useEffect, useId, useRef } from "react";
import { SUGGEST_DELAY_MS, SUGGEST_MIN_CHARS, tokenBeingTyped, type SuggestAnswer } from "~/domain/members";
import { addTexts } from "~/domain/add-members";

/**
 * Colleagues to add, suggested while an address is typed (002 §5, §9: from
 * 2 characters, 500 ms after the last keystroke), each a button that puts
 * its address in the box. Without JavaScript the box is a plain field.
 */
export function AddSuggestions({
  text,
  suggestPath,
  onChoose,
}: {
  text: string;
  suggestPath: string;
  onChoose: (email: string) => void;
}) {
  const labelId = useId();
  const fetcher = useFetcher<SuggestAnswer>();
  const load = useRef(fetcher.load);
  load.current = fetcher.load;
  const typed = tokenBeingTyped(text).trim();

  useEffect(() => {
    if (typed.length < SUGGEST_MIN_CHARS) return;
    const timer = window.setTimeout(
      () => load.current(`${suggestPath}?${new URLSearchParams({ q: typed })}`),
      SUGGEST_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [typed, suggestPath]);

  const answer = fetcher.data;
  const chosen = new Set(text.toLowerCase().split(/[\s,]+/));
  const items =
    answer && answer.q === typed && typed.length >= SUGGEST_MIN_CHARS
      ? answer.items.filter((item) => !chosen.has(item.email.toLowerCase()) || item.email === typed)
      : [];
  if (items.length === 0) return null;
  return (
    <div className="text-sm">
      <p id={labelId} className="font-medium text-slate-700">
        {addTexts.suggestions}
      </p>
      <ul aria-labelledby={labelId} className="mt-1 flex flex-wrap gap-2">
        {items.map((item) => (
          <li key={item.email}>
            <button
              type="button"
              onClick={() => onChoose(item.email)}
              className="text-brand-800 ring-brand-200 rounded-full bg-brand-50 px-3 py-1 text-xs font-medium ring-1 ring-inset hover:bg-brand-100"
            >
              {addTexts.suggestion(item.name, item.email)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
