import { externalLinks } from "~/domain/external-links";
import { loginTexts } from "~/domain/login";

/** The consent sentence under the account buttons, linking the terms of use and privacy policy (000 §2). */
export function ConsentNote({ className = "mt-6 text-xs text-slate-600" }: { className?: string }) {
  return (
    <p className={className}>
      {loginTexts.consentBefore}{" "}
      <a className="underline" href={externalLinks.termsOfService}>
        {loginTexts.termsOfUse}
      </a>{" "}
      {loginTexts.consentAnd}{" "}
      <a className="underline" href={externalLinks.privacyPolicy}>
        {loginTexts.privacyPolicy}
      </a>
      .
    </p>
  );
}
