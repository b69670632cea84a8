import Link from "@/components/layout/link";
import { insights } from "@/lib/insights/instance";
import { RENEWAL_WINDOW_DAYS, type RenewalRow, type RenewalsData } from "@/lib/insights/renewals";
import { CoverageTimeline } from "./coverage-timeline";
import { HealthChart } from "./health-chart";
import { RenewalsTable } from "./renewals-table";

/**
 * /renewals: the timeline and health counts, and the customers due for renewal or
 * ending. Their rows are kept apart from the figures in pages: the HTML holds the
 * first page only, and the table reads the next ones as the person scrolls.
 */
export async function RenewalsView({ data }: { data: RenewalsData }) {
  const firstPage = await insights().rowsPage("renewals", data.rows.id, 0);
  const first = firstPage
    ? (JSON.parse(firstPage) as { data: RenewalRow[]; hasMore: boolean })
    : null;
  return (
    <div className="space-y-8">
      <div className="grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="timeline-heading" className="min-w-0">
          <h2 id="timeline-heading" className="mb-1 text-lg font-semibold">
            Coverage ends, next six months
          </h2>
          <p className="mb-3 text-sm text-fg-muted">
            Every customer whose coverage contract's last day falls in the month, by health. The
            customers list cannot filter by end date, so the months are not links.
          </p>
          <CoverageTimeline months={data.timeline} />
        </section>
        <section aria-labelledby="health-heading" className="min-w-0">
          <h2 id="health-heading" className="mb-1 text-lg font-semibold">
            Customers per health
          </h2>
          <p className="mb-3 text-sm text-fg-muted">
            Each opens the customers list filtered to it.
          </p>
          <HealthChart counts={data.healthCounts} />
        </section>
      </div>
      <section aria-labelledby="renewals-heading">
        <h2 id="renewals-heading" className="mb-1 text-lg font-semibold">
          Due for renewal or ending
        </h2>
        <p className="mb-3 text-sm text-fg-muted">
          <Link
            href={data.renewalsHref}
            className="text-accent underline"
            data-testid="renewals-count"
            data-rows-id={data.rows.id}
          >
            {data.rows.count.toLocaleString("en-US")} customers
          </Link>{" "}
          whose health is Renewal due or Ending, by the day the terms in force of their coverage
          contract end (which can come a year before the contract ends, when agreed next terms
          follow);{" "}
          <span id={`within-${RENEWAL_WINDOW_DAYS}`} data-testid="within-window">
            {data.withinWindow.toLocaleString("en-US")} end within {RENEWAL_WINDOW_DAYS} days
          </span>
          , marked at the top of the table: the home page counts the same ones. A Renewal due
          customer is inside the notice period before that end, so it can have more than{" "}
          {RENEWAL_WINDOW_DAYS} days left.
        </p>
        {first ? (
          <RenewalsTable rowsId={data.rows.id} first={first} />
        ) : (
          <p className="text-sm text-fg-muted">
            These rows were replaced by a newer walk: reload the page.
          </p>
        )}
      </section>
    </div>
  );
}
