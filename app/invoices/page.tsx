import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import type { SearchParams } from "nuqs/server";
import { InvoicesView } from "@/components/invoices/invoices-view";
import { PageHeader } from "@/components/layout/page-header";
import { prefetchListPage } from "@/lib/api/server/prefetch";
import { requireViewer } from "@/lib/auth/guard";
import { invoiceList } from "@/lib/lists/invoices";

export const metadata: Metadata = { title: "Invoices" };

export default async function InvoicesPage({
  searchParams,
}: {
  searchParams: Promise<SearchParams>;
}) {
  await requireViewer();
  const values = invoiceList.load(await searchParams);
  const state = await prefetchListPage("invoices", invoiceList.apiQuery(values));
  return (
    <main id="main" className="px-6 py-6">
      <PageHeader
        title="Invoices"
        description="Every invoice of the business: filter, sort, open one."
      />
      <HydrationBoundary state={state}>
        <InvoicesView />
      </HydrationBoundary>
    </main>
  );
}
