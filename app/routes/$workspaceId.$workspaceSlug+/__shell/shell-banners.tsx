import { useLocation } from "@remix-run/react";
import { BANNER_PARAMS, legacyBannerTexts, withoutBannerParams, type BannerContent } from "~/domain/banner-params";
import { externalLinks } from "~/domain/external-links";
import { shellTexts } from "~/domain/shell-texts";
import { legacyBannerPath, paymentAlertPath } from "~/domain/shell-nav";
import { paymentAlertTexts } from "~/domain/payment-alerts";
import type { loadPaymentAlert } from "../__billing/payment-alert.server";
import {
  Banner,
  BannerCloseLink,
  BannerDismissButton,
  IdempotencyKeyField,
  lazyConformForm,
  useForgetParamsOnceShown,
} from "~/components/ui";

const DismissForm = lazyConformForm("legacy-banner-dismiss-form", () =>
  import("../__legacy-banner-schema").then((module) => module.dismissLegacyBannerSchema),
);
const DismissAlertForm = lazyConformForm("payment-alert-dismiss-form", () =>
  import("../__payment-alert-schema").then((module) => module.dismissPaymentAlertSchema),
);

type PaymentAlert = NonNullable<Awaited<ReturnType<typeof loadPaymentAlert>>>;

/**
 * The banners at the top of every space page (000 §8): the one a redirect
 * asked for in the query, and the legacy-plan banner for a legacy space's owner.
 */
export function ShellBanners({
  urlPrefix,
  banner,
  showLegacyBanner,
  paymentAlert,
}: {
  urlPrefix: string;
  /** Parsed from the query by the shell's loader. */
  banner: BannerContent | null;
  showLegacyBanner: boolean;
  paymentAlert: PaymentAlert | null;
}) {
  const { pathname, search } = useLocation();
  const rest = withoutBannerParams(new URLSearchParams(search)).toString();
  const withoutBanner = rest ? `${pathname}?${rest}` : pathname;

  useForgetParamsOnceShown(banner !== null, BANNER_PARAMS);

  if (!banner && !showLegacyBanner && !paymentAlert) return null;
  return (
    <div className="mb-6 flex flex-col gap-3">
      {paymentAlert ? (
        <PaymentAlertBanner alert={paymentAlert} urlPrefix={urlPrefix} redirectTo={withoutBanner} />
      ) : null}
      {showLegacyBanner ? <LegacyBanner urlPrefix={urlPrefix} redirectTo={withoutBanner} /> : null}
      {banner ? <Banner {...banner} dismiss={<BannerCloseLink to={withoutBanner} />} /> : null}
    </div>
  );
}

function LegacyBanner({ urlPrefix, redirectTo }: { urlPrefix: string; redirectTo: string }) {
  return (
    <Banner
      tone="info"
      title={legacyBannerTexts.title}
      dismiss={
        <DismissForm id="dismiss-legacy-banner" method="post" action={legacyBannerPath(urlPrefix)} preventScrollReset>
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <BannerDismissButton label={legacyBannerTexts.dismiss} />
        </DismissForm>
      }
    >
      <p className="mt-1">
        <ExternalLink href={externalLinks.helpCenter}>{legacyBannerTexts.learnMore}</ExternalLink>{" "}
        {legacyBannerTexts.or}{" "}
        <ExternalLink href={externalLinks.support}>{legacyBannerTexts.contactSupport}</ExternalLink>{" "}
        {legacyBannerTexts.toSwitchPlans}
      </p>
    </Banner>
  );
}

function ExternalLink({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="font-semibold underline underline-offset-2">
      {children}
      <span className="sr-only"> {shellTexts.newTab}</span>
    </a>
  );
}

const alertLinkClass = "font-semibold underline underline-offset-2";

/**
 * A payment alert (000 §8, 001 §4): what went wrong and the one link that
 * mends it: a form where it opens a page of Stripe's made for the moment
 * (portal, hosted invoice), else a link.
 */
function PaymentAlertBanner({
  alert,
  urlPrefix,
  redirectTo,
}: {
  alert: PaymentAlert;
  urlPrefix: string;
  redirectTo: string;
}) {
  const texts = paymentAlertTexts;
  const content = {
    failed: { title: texts.failed, detail: texts.suspended(alert.suspendDate), link: texts.updatePreferences },
    confirmation: { title: texts.confirmation, detail: texts.suspended(alert.suspendDate), link: texts.confirmPayment },
    "all-failed": { title: texts.allFailed, detail: texts.canceled, link: texts.purchase },
  }[alert.kind];
  const { mend } = alert;
  return (
    <Banner
      tone="error"
      title={content.title}
      detail={content.detail}
      dismiss={
        alert.dismissible ? (
          <DismissAlertForm
            id="dismiss-payment-alert"
            method="post"
            action={paymentAlertPath(urlPrefix)}
            preventScrollReset
          >
            <input type="hidden" name="key" value={alert.key} />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <BannerDismissButton label={texts.dismiss} />
          </DismissAlertForm>
        ) : undefined
      }
    >
      <div className="mt-1">
        {mend.form ? (
          <form method="post" action={mend.form.action}>
            {mend.form.idempotencyKey ? <IdempotencyKeyField value={mend.form.idempotencyKey} /> : null}
            <button type="submit" name="intent" value={mend.form.intent} className={alertLinkClass}>
              {content.link}
            </button>
          </form>
        ) : (
          <a href={mend.href ?? undefined} className={alertLinkClass}>
            {content.link}
          </a>
        )}
      </div>
    </Banner>
  );
}
