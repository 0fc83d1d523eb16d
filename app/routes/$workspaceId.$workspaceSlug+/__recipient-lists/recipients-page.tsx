import { Link, useLocation, useNavigation } from "@remix-run/react";
import {
  recipientFields,
  recipientIntents,
  recipientParams,
  recipientTexts,
  sharedRecipientTexts,
} from "~/domain/recipients";
import type { RecipientsAnswer, RecipientsPageData } from "./recipients.server";
import {
  Banner,
  BannerCloseLink,
  buttonClass,
  Dialog,
  Icon,
  lazyConformForm,
  PageHeading,
  useForgetParamsOnceShown,
} from "~/components/ui";
import { EmailTagInput } from "~/components/ui/email-tag-input";
import { EmptyState, Pagination, PastTheEnd, SearchForm } from "~/components/ui/list-controls";
import { listTexts } from "~/domain/list-texts";
import { OUTCOME_SEAL_PARAMS } from "~/domain/banner-params";
import { RecipientsExplainer } from "./recipients-explainer";
import { RecipientsTable } from "./recipients-table";

const RecipientForm = lazyConformForm("recipient-form", () =>
  import("./recipient-form-schema").then((module) => module.recipientFormSchema),
);

/**
 * The unsubscriptions and bounces pages (002 §2): explanation, add form,
 * feedback of the last write, searchable and sortable table with paging, CSV
 * export and the delete confirmation. Everything is in the URL or in the
 * action's answer, so the page works before JavaScript loads.
 */
/** A write's feedback and what seals it (issue 34): dropped together once shown or closed. */
const FEEDBACK_PARAMS = [recipientParams.result, recipientParams.count, ...OUTCOME_SEAL_PARAMS];

export function RecipientsPage({
  heading,
  data,
  answer,
}: {
  heading: string;
  data: RecipientsPageData;
  answer: RecipientsAnswer | undefined;
}) {
  const texts = recipientTexts[data.kind];
  const { pathname, search } = useLocation();
  const without = (...keys: string[]) => {
    const params = new URLSearchParams(search);
    for (const key of keys) params.delete(key);
    const query = params.toString();
    return query ? `${pathname}?${query}` : pathname;
  };
  const withoutFeedback = without(...FEEDBACK_PARAMS);
  const withoutDialog = without(recipientParams.confirm, ...FEEDBACK_PARAMS);

  // An answer of the action replaces the feedback the URL carried before it.
  const feedback = answer ? (answer.intent === "add" ? answer.feedback : null) : data.feedback;
  const error = answer && answer.intent !== "add" ? answer.error : null;
  useForgetParamsOnceShown(Boolean(data.feedback) && !answer, FEEDBACK_PARAMS);

  const { query, rows } = data;
  const listIsEmpty = data.emptyReason === "empty";

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3">
        <PageHeading>{heading}</PageHeading>
        <RecipientsExplainer paragraphs={data.explainer} upgradeHref={data.upgradeHref} />
      </div>

      {feedback ? (
        <Banner tone={feedback.tone} title={feedback.text} dismiss={<BannerCloseLink to={withoutFeedback} />} />
      ) : null}
      {error ? <Banner tone="error" title={error} dismiss={<BannerCloseLink to={withoutDialog} />} /> : null}

      <section className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 tablet:p-6">
        <EmailTagInput
          texts={texts}
          answer={answer?.intent === "add" ? answer : null}
          form={RecipientForm}
          idempotencyKey={data.addKey}
        />
      </section>

      <section aria-label={texts.tableCaption} className="flex flex-col gap-4">
        {listIsEmpty ? null : (
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div className="min-w-0 flex-1">
              <SearchForm
                label={texts.searchLabel}
                placeholder={texts.searchPlaceholder}
                q={query.q}
                keep={["sort", "dir"]}
              />
            </div>
            {/* 002 §2: desktop only. A plain link: the file is a download, not a page. */}
            <a href={data.csvHref} download className={buttonClass("secondary", "hidden tablet:inline-flex")}>
              <Icon name="download" className="h-4 w-4" />
              {sharedRecipientTexts.exportCsv}
            </a>
          </div>
        )}
        {rows.length > 0 ? (
          <RecipientsTable rows={rows} query={query} texts={texts} />
        ) : listIsEmpty ? (
          <EmptyState title={listTexts.nothingToSee}>{texts.emptyText}</EmptyState>
        ) : data.emptyReason === "pastEnd" ? (
          <PastTheEnd page={query.page} />
        ) : (
          <EmptyState title={listTexts.noResults}>{texts.noMatchText}</EmptyState>
        )}
        <Pagination page={query.page} hasNextPage={data.hasNextPage} />
      </section>

      {data.confirm && answer?.intent !== "delete" ? (
        <ConfirmDelete address={data.confirm} shared={data.shared} texts={texts} closeTo={withoutDialog} />
      ) : null}
    </div>
  );
}

/** 002 §2: 'Remove this recipient from …?', with the shared-list line when sharing is on. */
function ConfirmDelete({
  address,
  shared,
  texts,
  closeTo,
}: {
  address: string;
  shared: boolean;
  texts: (typeof recipientTexts)[keyof typeof recipientTexts];
  closeTo: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.formData?.get(recipientFields.intent) === recipientIntents.delete;
  return (
    <Dialog title={texts.confirmTitle} closeTo={closeTo}>
      <p className="break-all text-sm font-medium text-slate-900">{address}</p>
      {shared ? <p className="mt-2 text-sm text-slate-600">{texts.confirmShared}</p> : null}
      <RecipientForm
        id="delete-recipient"
        method="post"
        preventScrollReset
        className="mt-6 flex flex-wrap justify-end gap-3"
      >
        <input type="hidden" name={recipientFields.intent} value={recipientIntents.delete} />
        <input type="hidden" name={recipientFields.address} value={address} />
        <Link to={closeTo} replace preventScrollReset className={buttonClass("secondary")}>
          {sharedRecipientTexts.cancel}
        </Link>
        <button type="submit" disabled={busy} className={buttonClass("primary")}>
          {sharedRecipientTexts.proceed}
        </button>
      </RecipientForm>
    </Dialog>
  );
}
