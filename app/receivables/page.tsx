import type { Metadata } from "next";
import { connection } from "next/server";
import { InsightStatus } from "@/components/insights/insight-status";
import { ReceivablesView } from "@/components/insights/receivables-view";
import { PageHeader } from "@/components/layout/page-header";
import { requireViewer } from "@/lib/auth/guard";
import { isoDay } from "@/lib/insights/aggregate";
import { peekInsight } from "@/lib/insights/cache";
import { insightToday } from "@/lib/insights/today";

export const metadata: Metadata = { title: "Receivables" };

export default async function ReceivablesPage() {
  await requireViewer();
  await connection();
  const { result, fresh } = peekInsight("receivables");
  return (
    <main id="main" className="px-6 py-6">
      <PageHeader
        title="Receivables"
        description="What customers owe on issued invoices, by how late it is, with pending card payments and unapplied cash."
      />
      <InsightStatus
        view="receivables"
        asOf={result?.asOf ?? null}
        today={result ? result.today.slice(0, 10) : isoDay(insightToday())}
        fresh={fresh}
        what="outstanding invoices (one walk per bucket) and unapplied payments"
      />
      {result ? <ReceivablesView data={result.data} /> : null}
    </main>
  );
}
