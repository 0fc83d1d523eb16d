import { Form, useLocation, useSubmit } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { buttonClass, useHydrated } from "~/components/ui";
import { memberTexts, SELECTION_DEBOUNCE_MS } from "~/domain/members";

/** The id of the GET form the table's checkboxes belong to (they sit inside the table, the form around it). */
export const SELECTION_FORM_ID = "member-selection";

/**
 * The selection is URL state (002 §2): the checkboxes are fields of a GET
 * form that keeps the list's search, sort and page. Without JavaScript,
 * "Apply selection" sends it; with JavaScript it goes by itself 300 ms
 * after the last change (002 §9).
 */
export function SelectionForm({ children }: { children: ReactNode }) {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const submit = useSubmit();
  const hydrated = useHydrated();
  const timer = useRef<number>();
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return (
    <Form
      method="get"
      id={SELECTION_FORM_ID}
      preventScrollReset
      onChange={(event) => {
        const form = event.currentTarget;
        window.clearTimeout(timer.current);
        timer.current = window.setTimeout(
          () => submit(form, { replace: true, preventScrollReset: true }),
          SELECTION_DEBOUNCE_MS,
        );
      }}
      className="flex flex-col gap-3"
    >
      {["q", "sort", "dir", "page"].map((key) =>
        params.has(key) ? <input key={key} type="hidden" name={key} value={params.get(key) ?? ""} /> : null,
      )}
      {children}
      {hydrated ? null : (
        <button type="submit" className={buttonClass("secondary", "self-start")}>
          {memberTexts.applySelection}
        </button>
      )}
    </Form>
  );
}
