import type { SubmissionResult } from "@conform-to/react";
import { Link, useNavigation } from "@remix-run/react";
import { useId } from "react";
import { Banner, buttonClass, Dialog, useTakeLostFocus, Icon, IdempotencyKeyField, lazyConformForm } from "~/components/ui";
import { CANCEL_INTENT, scheduledTexts, type ScheduledDetail } from "~/domain/scheduled-merges";

const dangerBase =
  "inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold shadow-sm transition-colors disabled:cursor-not-allowed disabled:opacity-60";
/** The confirmation's button: solid red. */
const dangerButton = `${dangerBase} bg-red-600 text-white hover:bg-red-700`;
/** The footer's Cancel mail merge: red outline, so that it does not outshine the sheet. */
const dangerOutline = `${dangerBase} bg-white text-red-700 ring-1 ring-inset ring-red-300 hover:bg-red-50`;

const CancelForm = lazyConformForm("scheduled-cancel-form", () =>
  import("./__cancel-schema").then((module) => module.cancelFormSchema),
);

/**
 * The scheduled detail dialog (002 §2): the error or quota banner, the number
 * of emails, the delivery date, the sheet, and cancelling. The confirmation
 * is URL state (`?confirm=cancel`) and a plain POST form, so the whole flow
 * works without JavaScript.
 */
export function ScheduledDetailDialog({
  detail,
  closeTo,
  dialogHref,
  confirmHref,
  confirming,
  lastResult,
  cancelKey,
}: {
  detail: ScheduledDetail;
  /** The list with its query. */
  closeTo: string;
  /** This dialog with the list's query: where "No, keep it" goes and where the form posts. */
  dialogHref: string;
  /** This dialog asking for confirmation. */
  confirmHref: string;
  confirming: boolean;
  /** The cancel action's answer when it refused the form. */
  lastResult?: SubmissionResult<string[]> | null;
  /** The cancel form's once-only key. */
  cancelKey: string;
}) {
  const texts = scheduledTexts.dialog;
  const questionId = useId();
  // Asking and answering swap the footer's controls: focus follows to the one that replaced the other.
  const takeLostFocus = useTakeLostFocus();

  return (
    <Dialog title={detail.title} closeTo={closeTo}>
      <div className="space-y-5">
        {detail.sheetName ? <p className="-mt-3 text-sm text-slate-500">{detail.sheetName}</p> : null}
        {detail.message ? (
          <Banner tone={detail.message.kind === "error" ? "error" : "info"} title={detail.message.text} />
        ) : null}
        <dl className="grid grid-cols-2 gap-4 text-sm">
          <div>
            <dt className="text-slate-500">{texts.emails}</dt>
            <dd className="mt-1 text-base font-semibold tabular-nums text-slate-900">{detail.emails}</dd>
          </div>
          <div>
            <dt className="text-slate-500">{texts.deliveryDate}</dt>
            <dd className="mt-1 text-base font-semibold text-slate-900">{detail.deliveryDate}</dd>
          </div>
        </dl>

        {confirming ? (
          <section aria-labelledby={questionId} className="rounded-lg bg-red-50 p-4 ring-1 ring-inset ring-red-200">
            <h3 id={questionId} className="font-semibold text-red-900">
              {texts.confirmQuestion}
            </h3>
            <p className="mt-1 text-sm text-red-900">{texts.confirmDetail}</p>
            <CancelForm
              id="cancel-scheduled-merge"
              method="post"
              action={dialogHref}
              lastResult={lastResult}
              className="mt-4 flex flex-wrap justify-end gap-3"
            >
              <input type="hidden" name="intent" value={CANCEL_INTENT} />
              <IdempotencyKeyField value={cancelKey} />
              <Link ref={takeLostFocus} to={dialogHref} replace preventScrollReset className={buttonClass("secondary")}>
                {texts.keep}
              </Link>
              <CancelButton />
            </CancelForm>
          </section>
        ) : (
          // Side by side when they fit, else one per line, full width.
          <div className="flex flex-wrap gap-3 border-t border-slate-200 pt-4 [&>*]:flex-1 [&>*]:whitespace-nowrap">
            {detail.sheetUrl ? (
              <a href={detail.sheetUrl} target="_blank" rel="noopener noreferrer" className={buttonClass("secondary")}>
                <Icon name="external" className="h-4 w-4" />
                {scheduledTexts.openInSheets}
                <span className="sr-only"> {scheduledTexts.newTab}</span>
              </a>
            ) : null}
            <Link ref={takeLostFocus} to={confirmHref} replace preventScrollReset className={dangerOutline}>
              {texts.cancel}
            </Link>
          </div>
        )}
      </div>
    </Dialog>
  );
}

/** The confirmation's button, disabled while the cancel is under way. */
function CancelButton() {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  return (
    <button type="submit" disabled={submitting} className={dangerButton}>
      {scheduledTexts.dialog.confirm}
    </button>
  );
}
