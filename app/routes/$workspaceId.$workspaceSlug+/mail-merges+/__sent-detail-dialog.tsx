import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { pollHelpUrl, sentDetailTexts } from "~/domain/mail-merges";
import { buttonClass, Dialog, ErrorReference, Icon } from "~/components/ui";
import { PercentBar } from "./__percent-bar";

export interface SentDetail {
  spreadsheetName: string;
  sheetName: string;
  subject: string | null;
  emailsSent: string;
  lastEmailSent: string | null;
  hasPoll: boolean;
  sheetUrl: string | null;
  links: { close: string; mailResults: string; pollResults: string };
}

export type DetailView = "mail" | "poll";

const texts = sentDetailTexts;
const tabClass = (active: boolean) =>
  `inline-flex items-center gap-1 border-b-2 px-1 pb-2 text-sm font-semibold transition-colors ${
    active
      ? "border-brand-600 text-brand-700"
      : "border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-800"
  }`;

/**
 * The Sent detail dialog (002 §2): the merge's sheet and subject, how many
 * e-mails went out and when, the Mail results and Poll results tabs (links),
 * and a way to the spreadsheet. The dialog is URL state, closed by a link
 * back to the list with its query.
 */
export function SentDetailDialog({
  detail,
  view,
  children,
}: {
  detail: SentDetail;
  view: DetailView;
  children: ReactNode;
}) {
  return (
    <Dialog title={detail.spreadsheetName || detail.sheetName} closeTo={detail.links.close}>
      <div className="-mt-3 space-y-5">
        {detail.spreadsheetName && detail.sheetName ? (
          <p className="text-sm text-slate-500">{detail.sheetName}</p>
        ) : null}
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3 rounded-lg bg-slate-50 p-4 text-sm">
          <div className="col-span-2">
            <dt className="font-medium text-slate-500">{texts.subject}</dt>
            <dd
              className={
                detail.subject ? "mt-0.5 break-words font-medium text-slate-900" : "mt-0.5 italic text-slate-600"
              }
            >
              {detail.subject ?? texts.subjectUnavailable}
            </dd>
          </div>
          <div>
            <dt className="font-medium text-slate-500">{texts.emailsSent}</dt>
            <dd className="mt-0.5 text-lg font-semibold tabular-nums text-slate-900">{detail.emailsSent}</dd>
          </div>
          <div>
            <dt className="font-medium text-slate-500">{texts.lastEmailSent}</dt>
            <dd className="mt-0.5 font-medium text-slate-900">{detail.lastEmailSent ?? "-"}</dd>
          </div>
        </dl>

        <nav aria-label={texts.tabs.label} className="border-b border-slate-200">
          <ul className="-mb-px flex gap-5">
            <li>
              <Link
                to={detail.links.mailResults}
                replace
                preventScrollReset
                aria-current={view === "mail" ? "page" : undefined}
                className={tabClass(view === "mail")}
              >
                {texts.tabs.mail}
              </Link>
            </li>
            <li>
              {detail.hasPoll ? (
                <Link
                  to={detail.links.pollResults}
                  replace
                  preventScrollReset
                  aria-current={view === "poll" ? "page" : undefined}
                  className={tabClass(view === "poll")}
                >
                  {texts.tabs.poll}
                </Link>
              ) : (
                // No poll in this merge: the tab leads to help about polls instead.
                <a
                  href={pollHelpUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  title={texts.pollHelp}
                  className={tabClass(false)}
                >
                  {texts.tabs.poll}
                  <Icon name="external" className="h-3.5 w-3.5" />
                  <span className="sr-only">
                    : {texts.pollHelp} {texts.newTab}
                  </span>
                </a>
              )}
            </li>
          </ul>
        </nav>

        <div>{children}</div>

        {detail.sheetUrl ? (
          <div className="flex justify-end border-t border-slate-200 pt-4">
            <a href={detail.sheetUrl} target="_blank" rel="noopener noreferrer" className={buttonClass("secondary")}>
              <Icon name="external" className="h-4 w-4" />
              {texts.openInSheets}
              <span className="sr-only">{texts.newTab}</span>
            </a>
          </div>
        ) : null}
      </div>
    </Dialog>
  );
}

/** A dialog for a merge that cannot be shown (unknown id, or a failure), with the same way back to the list. */
export function SentDetailProblem({ title, text, closeTo }: { title: string; text: string; closeTo: string }) {
  return (
    <Dialog title={title} closeTo={closeTo}>
      <p className="text-sm text-slate-600">{text}</p>
      <ErrorReference className="mt-2 text-sm text-slate-600" />
      <div className="mt-6 flex justify-end">
        <Link to={closeTo} replace preventScrollReset className={buttonClass("secondary")}>
          {texts.close}
        </Link>
      </div>
    </Dialog>
  );
}

export interface ResultBar {
  key: string;
  label: string;
  percent: number;
  count: string;
}

/** Delivered, Opened, Clicked, Responded, Bounced, Unsubscribed: a share and a count each. */
export function MailResultsView({ results, lastUpdate }: { results: ResultBar[]; lastUpdate: string | null }) {
  return (
    <div className="space-y-3">
      <ShareTable
        labelClassName="w-28"
        caption={texts.tabs.mail}
        headers={[texts.resultsHeaders.result, texts.resultsHeaders.share, texts.resultsHeaders.count]}
        rows={results.map((result) => ({
          key: result.key,
          label: result.label,
          percent: result.percent,
          count: result.count,
        }))}
      />
      {lastUpdate ? <p className="text-xs text-slate-500">{texts.lastUpdate(lastUpdate)}</p> : null}
    </div>
  );
}

export interface PollAnswerView {
  answer: string;
  percent: number;
  count: string;
}

/** Each answer of the poll with its share and count. */
export function PollAnswersView({ answers }: { answers: PollAnswerView[] }) {
  if (answers.length === 0) return <p className="py-4 text-sm text-slate-600">{texts.poll.noAnswers}</p>;
  return (
    <ShareTable
      labelClassName="w-40"
      caption={texts.poll.caption}
      headers={[texts.poll.answer, texts.poll.share, texts.poll.responses]}
      rows={answers.map((answer, index) => ({
        key: `${index}`,
        label: answer.answer,
        percent: answer.percent,
        count: answer.count,
      }))}
    />
  );
}

/** Rows of a label, a percent bar and a count; the header row is for assistive technology only. */
function ShareTable({
  caption,
  headers,
  rows,
  labelClassName,
}: {
  caption: string;
  labelClassName: string;
  headers: [string, string, string];
  rows: Array<{ key: string; label: string; percent: number; count: string }>;
}) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="sr-only">
        <tr>
          {headers.map((header) => (
            <th key={header} scope="col">
              {header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th
              scope="row"
              className={`${labelClassName} break-words py-1.5 pr-3 text-left font-medium text-slate-700`}
            >
              {row.label}
            </th>
            <td className="py-1.5">
              <PercentBar percent={row.percent} wide />
            </td>
            <td className="w-16 py-1.5 pl-3 text-right tabular-nums text-slate-900">{row.count}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
