import { Link } from "@remix-run/react";
import type { ExplainerSegment } from "~/domain/recipients";

/**
 * The explanatory text of a recipients page (002 §6), from the segments
 * recipientsExplainer chose: plain text, the upgrade link to the billing
 * page, and the owner's address as a mail link.
 */
export function RecipientsExplainer({
  paragraphs,
  upgradeHref,
}: {
  paragraphs: ExplainerSegment[][];
  upgradeHref: string;
}) {
  return (
    <div className="flex max-w-3xl flex-col gap-2 text-sm text-slate-600">
      {paragraphs.map((segments, index) => (
        <p key={index}>
          {segments.map((segment, position) =>
            "upgradeLink" in segment ? (
              <Link key={position} to={upgradeHref} className="font-semibold text-brand-700 underline underline-offset-2">
                {segment.upgradeLink}
              </Link>
            ) : "ownerEmail" in segment ? (
              <a
                key={position}
                href={`mailto:${segment.ownerEmail}`}
                className="font-semibold text-brand-700 underline underline-offset-2"
              >
                {segment.ownerEmail}
              </a>
            ) : (
              <span key={position}>{segment.text}</span>
            ),
          )}
        </p>
      ))}
    </div>
  );
}
