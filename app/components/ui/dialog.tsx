import { Link, useNavigate } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { shellTexts } from "~/domain/shell-texts";
import { buttonClass } from "./button";
import { returnFocus } from "./focus";
import { Icon } from "./icon";

/**
 * A modal dialog that is URL state: the server renders it open, and closing
 * it is a link to the same page without its flag, so it works without
 * JavaScript (the dimmed backdrop is that link too). With JavaScript it
 * becomes a true modal (showModal: the page behind is inert, focus stays
 * inside; its own ::backdrop is transparent over the same dimmed link) and
 * Escape or a click on the backdrop follows the close link; closing gives
 * focus back to what opened it (or, when a submit took that away, to the
 * page's main content).
 */
export function Dialog({ title, closeTo, children }: { title: string; closeTo: string; children: ReactNode }) {
  const titleId = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();

  // What opened it (the link that put the flag in the URL keeps focus through the navigation) gets focus back
  // on close. Read while rendering: by the first effect, an autofocus inside may already have taken focus.
  const [opener] = useState(() => (typeof document === "undefined" ? null : document.activeElement));
  useEffect(() => () => returnFocus(opener), [opener]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.matches(":modal")) {
      dialog.close();
      dialog.showModal();
    }
    const close = () => navigate(closeTo, { replace: true, preventScrollReset: true });
    const onCancel = (event: Event) => {
      event.preventDefault();
      close();
    };
    // The dialog's content fills it, so a click on the dialog itself is a click on its ::backdrop.
    const onClick = (event: MouseEvent) => {
      if (event.target === dialog) close();
    };
    dialog.addEventListener("cancel", onCancel);
    dialog.addEventListener("click", onClick);
    return () => {
      dialog.removeEventListener("cancel", onCancel);
      dialog.removeEventListener("click", onClick);
    };
  }, [closeTo, navigate]);

  return (
    <div className="fixed inset-0 z-50 overflow-y-auto">
      <Link
        to={closeTo}
        replace
        preventScrollReset
        tabIndex={-1}
        aria-hidden="true"
        className="fixed inset-0 cursor-default bg-slate-900/50"
      />
      <dialog
        ref={ref}
        open
        aria-modal="true"
        aria-labelledby={titleId}
        className="mx-auto my-[10vh] w-[calc(100%-2rem)] max-w-md rounded-xl border-0 bg-white p-0 text-slate-900 shadow-xl ring-1 ring-slate-900/10 backdrop:bg-transparent [&:not(:modal)]:relative"
      >
        <div className="p-6">
          <div className="mb-4 flex items-start justify-between gap-4">
            <h2 id={titleId} className="text-lg font-semibold text-slate-900">
              {title}
            </h2>
            <Link
              to={closeTo}
              replace
              preventScrollReset
              aria-label={shellTexts.close}
              className="-m-1.5 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
            >
              <Icon name="x" />
            </Link>
          </div>
          {children}
        </div>
      </dialog>
    </div>
  );
}

/**
 * A confirmation's two answers, at the end of its form: the "no" link back
 * to `closeTo` (the dialog closes, nothing is sent) and the "yes" submit.
 */
export function ConfirmActions({
  closeTo,
  busy,
  no,
  yes,
}: {
  closeTo: string;
  busy: boolean;
  no: string;
  yes: string;
}) {
  return (
    <>
      <Link to={closeTo} replace preventScrollReset className={buttonClass("secondary")}>
        {no}
      </Link>
      <button type="submit" disabled={busy} className={buttonClass("primary")}>
        {yes}
      </button>
    </>
  );
}
