import type { ReactNode } from "react";
import { externalLinks } from "~/domain/external-links";
import { errorResult, type ResultText } from "~/domain/result-pages";
import { Icon } from "~/components/ui";
import { PublicPage, textLinkClass } from "./__public-page";

const HEADING_ID = "result-heading";

/** A one-message page: the outcome of an unsubscription, a form answer or a renewal change. */
export function ResultPage({
  tone,
  title,
  children,
}: {
  tone: "success" | "error";
  title: string;
  children: ReactNode;
}) {
  return (
    <PublicPage labelledBy={HEADING_ID}>
      <div className="flex flex-col items-center gap-4 text-center">
        <Icon
          name={tone === "success" ? "success" : "error"}
          className={`h-14 w-14 ${tone === "success" ? "text-green-600" : "text-red-600"}`}
        />
        <h1 id={HEADING_ID} className="text-2xl font-bold text-slate-900">
          {title}
        </h1>
        <div className="text-slate-700">{children}</div>
      </div>
    </PublicPage>
  );
}

/** The shared failure view: "Sorry, an error ocurred" with the help-centre link. */
export function ErrorResultPage() {
  return (
    <ResultPage tone="error" title={errorResult.title}>
      <p>
        {errorResult.message}{" "}
        <a className={textLinkClass} href={externalLinks.helpCenter}>
          {errorResult.helpCenter}
        </a>
        .
      </p>
    </ResultPage>
  );
}

/** A recipient's result page (002 §2): its own success text, or the shared failure view. */
export function RecipientResultPage({ success, texts }: { success: boolean; texts: { success: ResultText } }) {
  if (!success) return <ErrorResultPage />;
  return (
    <ResultPage tone="success" title={texts.success.title}>
      <p>{texts.success.message}</p>
    </ResultPage>
  );
}
