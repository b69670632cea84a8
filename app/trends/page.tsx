import type { Metadata } from "next";
import { connection } from "next/server";
import { CachedInsight } from "@/components/insights/cached-insight";
import { PageHeader } from "@/components/layout/page-header";
import { TrendsView } from "@/components/trends/trends-view";
import { requireViewer } from "@/lib/auth/guard";
import { TRENDS_RANGES } from "@/lib/insights/trends-calendar";
import { parseRange } from "@/lib/insights/trends-view";

export const metadata: Metadata = { title: "Trends" };

export default async function TrendsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireViewer();
  await connection();
  const { range, unknown } = parseRange((await searchParams).range);
  return (
    <main id="main" className="px-4 py-5 sm:px-6 sm:py-6">
      <PageHeader
        title="Trends"
        description="Invoiced, collected and overdue month by month per currency, how long customers take to pay, and who pays slowest."
      />
      {unknown !== null ? (
        <p role="status" className="mb-4 text-sm text-warning" data-unknown-range>
          There is no range “{unknown}” (the ranges are {TRENDS_RANGES.map((r) => r.key).join(", ")}
          ): showing the last 12 months.
        </p>
      ) : null}
      <CachedInsight view="trends" what="issued invoices (one walk per issue year) and payments">
        {(shown) => (
          <TrendsView
            part={shown.parts.trends}
            reading={shown.reading}
            range={range}
            today={shown.today}
          />
        )}
      </CachedInsight>
    </main>
  );
}
