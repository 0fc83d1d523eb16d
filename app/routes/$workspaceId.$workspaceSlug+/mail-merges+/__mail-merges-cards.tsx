import { useId, type ReactNode } from "react";
import { mailMergesTexts } from "~/domain/mail-merges-frame";
import { InfoTooltip } from "~/components/ui";
import { SentChart, type ChartMonth } from "./__sent-chart";

/**
 * The Mail merges page's summary (002 §2): scheduled merges, e-mails sent
 * this month and all time (both "Excluding form submission notifications."),
 * and the last 12 months as a chart.
 */
export function MailMergesCards({
  scheduledCount,
  sentThisMonth,
  sentAllTime,
  months,
}: {
  scheduledCount: string | null;
  sentThisMonth: string;
  sentAllTime: string;
  months: ChartMonth[];
}) {
  const texts = mailMergesTexts.cards;
  return (
    <section aria-label={texts.label} className="grid gap-4 mobile:grid-cols-3 desktop:grid-cols-4">
      <StatCard label={texts.scheduled} value={scheduledCount ?? texts.unavailable} />
      <StatCard label={texts.sentThisMonth} value={sentThisMonth} tooltip={texts.sentTooltip} />
      <StatCard label={texts.sentAllTime} value={sentAllTime} tooltip={texts.sentTooltip} />
      <Card className="mobile:col-span-3 desktop:col-span-1">
        <SentChart
          title={mailMergesTexts.chart.title}
          months={months}
          monthHeader={mailMergesTexts.chart.month}
          countHeader={mailMergesTexts.chart.emails}
        />
      </Card>
    </section>
  );
}

function Card({ children, className = "" }: { children: ReactNode; className?: string }) {
  return (
    <div className={`rounded-xl border border-slate-200 bg-white p-4 shadow-sm mobile:p-5 ${className}`}>
      {children}
    </div>
  );
}

/**
 * One number with its label (side by side on small phones, stacked from the
 * mobile breakpoint up); the tooltip's text is also the card's accessible description.
 */
function StatCard({ label, value, tooltip }: { label: string; value: string; tooltip?: string }) {
  const labelId = useId();
  const tipId = useId();
  return (
    <Card>
      <div
        role="group"
        aria-labelledby={labelId}
        aria-describedby={tooltip ? tipId : undefined}
        className="flex h-full items-center justify-between gap-3 mobile:flex-col mobile:items-stretch mobile:justify-start"
      >
        <div className="flex items-center gap-1.5">
          <p id={labelId} className="text-sm font-medium text-slate-600">
            {label}
          </p>
          {tooltip ? <InfoTooltip id={tipId} text={tooltip} label={mailMergesTexts.cards.tooltipTrigger} /> : null}
        </div>
        <p className="stat-value mobile:mt-auto mobile:pt-3 mobile:text-3xl">{value}</p>
      </div>
    </Card>
  );
}
