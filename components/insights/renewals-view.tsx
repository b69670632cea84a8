import Link from "next/link";
import { RENEWAL_WINDOW_DAYS } from "@/lib/insights/home";
import type { RenewalsData } from "@/lib/insights/renewals";
import { CoverageTimeline } from "./coverage-timeline";
import { HealthChart } from "./health-chart";
import { RenewalsTable } from "./renewals-table";

export function RenewalsView({ data }: { data: RenewalsData }) {
  const soon = data.rows.filter((r) => r.daysLeft !== null && r.daysLeft <= RENEWAL_WINDOW_DAYS);
  return (
    <div className="space-y-8">
      <div className="grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="timeline-heading">
          <h2 id="timeline-heading" className="mb-1 text-lg font-semibold">
            Coverage ends, next six months
          </h2>
          <p className="mb-3 text-sm text-slate-600">
            Every customer whose coverage contract's last day falls in the month, by health. The
            customers list cannot filter by end date, so the months are not links.
          </p>
          <CoverageTimeline months={data.timeline} />
        </section>
        <section aria-labelledby="health-heading">
          <h2 id="health-heading" className="mb-1 text-lg font-semibold">
            Customers per health
          </h2>
          <p className="mb-3 text-sm text-slate-600">
            Each opens the customers list filtered to it.
          </p>
          <HealthChart counts={data.healthCounts} />
        </section>
      </div>
      <section aria-labelledby="renewals-heading">
        <h2 id="renewals-heading" className="mb-1 text-lg font-semibold">
          Due for renewal or ending
        </h2>
        <p className="mb-3 text-sm text-slate-600">
          <Link href={data.renewalsHref} className="text-blue-700 underline">
            {data.rows.length} customers
          </Link>{" "}
          whose health is Renewal due or Ending, by the end of their coverage contract;{" "}
          <span id={`within-${RENEWAL_WINDOW_DAYS}`} data-testid="within-window">
            {soon.length} end within {RENEWAL_WINDOW_DAYS} days
          </span>
          .
        </p>
        <RenewalsTable rows={data.rows} />
      </section>
    </div>
  );
}
