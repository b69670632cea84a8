import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import type { SearchParams } from "nuqs/server";
import { CustomersView } from "@/components/customers/customers-view";
import { PageHeader } from "@/components/layout/page-header";
import { prefetchListPage } from "@/lib/api/server/prefetch";
import { requireViewer } from "@/lib/auth/guard";
import { customerList } from "@/lib/lists/customers";

export const metadata: Metadata = { title: "Customers" };

export default async function CustomersPage({
  searchParams,
}: {
  searchParams: Promise<SearchParams>;
}) {
  await requireViewer();
  const values = customerList.load(await searchParams);
  const state = await prefetchListPage("customers", customerList.apiQuery(values));
  return (
    <main id="main" className="px-6 py-6">
      <PageHeader
        title="Customers"
        description="Customers by contract health: who is due for renewal, who is ending, what is owed."
      />
      <HydrationBoundary state={state}>
        <CustomersView />
      </HydrationBoundary>
    </main>
  );
}
