import { useLocation } from "@remix-run/react";
import { BANNER_PARAMS, legacyBannerTexts, withoutBannerParams, type BannerContent } from "~/domain/banner-params";
import { externalLinks } from "~/domain/external-links";
import { shellTexts } from "~/domain/shell-texts";
import { legacyBannerPath } from "~/domain/shell-nav";
import { Banner, BannerCloseLink, BannerDismissButton } from "~/components/ui/banner";
import { lazyConformForm } from "~/components/ui/lazy-hydrated";
import { useForgetParamsOnceShown } from "~/components/use-forget-params";

const DismissForm = lazyConformForm(() =>
  import("../__legacy-banner-schema").then((module) => module.dismissLegacyBannerSchema),
);

/**
 * The banners at the top of every space page (000 §8): the one a redirect
 * asked for in the query, and the legacy-plan banner for a legacy space's owner.
 */
export function ShellBanners({
  urlPrefix,
  banner,
  showLegacyBanner,
}: {
  urlPrefix: string;
  /** Parsed from the query by the shell's loader. */
  banner: BannerContent | null;
  showLegacyBanner: boolean;
}) {
  const { pathname, search } = useLocation();
  const rest = withoutBannerParams(new URLSearchParams(search)).toString();
  const withoutBanner = rest ? `${pathname}?${rest}` : pathname;

  useForgetParamsOnceShown(banner !== null, BANNER_PARAMS);

  if (!banner && !showLegacyBanner) return null;
  return (
    <div className="mb-6 flex flex-col gap-3">
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
