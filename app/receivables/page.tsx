import type { Metadata } from "next";
import { connection } from "next/server";
import { CachedInsight } from "@/components/insights/cached-insight";
import { ReceivablesView } from "@/components/insights/receivables-view";
import Link from "@/components/layout/link";
import { PageHeader } from "@/components/layout/page-header";
import { requireViewer } from "@/lib/auth/guard";
import { receivablesData } from "@/lib/insights/receivables";

export const metadata: Metadata = { title: "Receivables" };

export default async function ReceivablesPage() {
  await requireViewer();
  await connection();
  return (
    <main id="main" className="px-4 py-5 sm:px-6 sm:py-6">
      <PageHeader
        title="Receivables"
        description="What customers owe on issued invoices, by how late it is, with pending card payments and unapplied cash."
      >
        <Link href="/receivables/customers" className="text-sm font-medium text-accent underline">
          By customer: who owes what
        </Link>
      </PageHeader>
      <CachedInsight
        view="receivables"
        what="outstanding invoices (one walk per bucket) and unapplied payments"
      >
        {(shown) => (
          <ReceivablesView
            data={receivablesData(shown.parts, shown.today)}
            reading={shown.reading}
          />
        )}
      </CachedInsight>
    </main>
  );
}
