import type { Metadata } from "next";
import { connection } from "next/server";
import { AgedCustomersView } from "@/components/insights/aged-customers-view";
import { CachedInsight } from "@/components/insights/cached-insight";
import { PartPending } from "@/components/insights/part-pending";
import Link from "@/components/layout/link";
import { PageHeader } from "@/components/layout/page-header";
import { requireViewer } from "@/lib/auth/guard";

export const metadata: Metadata = { title: "Receivables by customer" };

export default async function ReceivablesByCustomerPage() {
  await requireViewer();
  await connection();
  return (
    <main id="main" className="px-4 py-5 sm:px-6 sm:py-6">
      <nav aria-label="Breadcrumb" className="mb-2 text-sm">
        <Link href="/receivables" className="text-accent underline">
          Receivables
        </Link>
        <span className="text-fg-subtle"> / </span>
        <span aria-current="page">By customer</span>
      </nav>
      <PageHeader
        title="Receivables by customer"
        description="Who owes what on issued invoices, by how late it is: the list a collector works down."
      />
      <CachedInsight
        view="receivables-customers"
        what="outstanding invoices (one walk per bucket) and the customers list"
      >
        {(shown) => {
          const data = shown.parts["receivables-customers"];
          return data ? (
            <AgedCustomersView data={data} today={shown.today} />
          ) : (
            <PartPending reading={shown.reading} />
          );
        }}
      </CachedInsight>
    </main>
  );
}
