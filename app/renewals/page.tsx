import type { Metadata } from "next";
import { connection } from "next/server";
import { InsightStatus } from "@/components/insights/insight-status";
import { RenewalsView } from "@/components/insights/renewals-view";
import { PageHeader } from "@/components/layout/page-header";
import { requireViewer } from "@/lib/auth/guard";
import { isoDay } from "@/lib/insights/aggregate";
import { peekInsight } from "@/lib/insights/cache";
import { insightToday } from "@/lib/insights/today";

export const metadata: Metadata = { title: "Renewals" };

export default async function RenewalsPage() {
  await requireViewer();
  await connection();
  const { result, fresh } = peekInsight("renewals");
  return (
    <main id="main" className="px-6 py-6">
      <PageHeader
        title="Renewals"
        description="Customers whose contract is due for renewal or ending, when coverage ends, and health across all customers."
      />
      <InsightStatus
        view="renewals"
        asOf={result?.asOf ?? null}
        today={result ? result.today.slice(0, 10) : isoDay(insightToday())}
        fresh={fresh}
        what="customers list, once per health state"
      />
      {result ? <RenewalsView data={result.data} /> : null}
    </main>
  );
}
