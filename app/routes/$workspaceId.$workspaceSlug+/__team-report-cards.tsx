import { teamReportTexts } from "~/domain/team-report";

/** The team report's three summary cards (002 §2); counts arrive formatted (002 §9). */
export function TeamReportCards({
  summary,
}: {
  summary: { activeUsers: string; sentLast30Days: string; sentAllTime: string };
}) {
  const cards = [
    { label: teamReportTexts.cards.activeUsers, value: summary.activeUsers },
    { label: teamReportTexts.cards.sentLast30Days, value: summary.sentLast30Days },
    { label: teamReportTexts.cards.sentAllTime, value: summary.sentAllTime },
  ];
  return (
    <section aria-label={teamReportTexts.cards.label}>
      <dl className="grid grid-cols-1 gap-4 mobile:grid-cols-3">
        {cards.map((card) => (
          <div key={card.label} className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <dt className="text-sm font-medium text-slate-600">{card.label}</dt>
            <dd className="stat-value mt-1">{card.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
