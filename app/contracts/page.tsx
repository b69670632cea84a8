import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import type { SearchParams } from "nuqs/server";
import { ContractsView } from "@/components/contracts/contracts-view";
import { PageHeader } from "@/components/layout/page-header";
import { prefetchListPage } from "@/lib/api/server/prefetch";
import { requireViewer } from "@/lib/auth/guard";
import { contractList } from "@/lib/lists/contracts";

export const metadata: Metadata = { title: "Contracts" };

export default async function ContractsPage({
  searchParams,
}: {
  searchParams: Promise<SearchParams>;
}) {
  await requireViewer();
  const values = contractList.load(await searchParams);
  const state = await prefetchListPage("contracts", contractList.apiQuery(values));
  return (
    <main id="main" className="px-6 py-6">
      <PageHeader
        title="Contracts"
        description="Every contract of the business, with its terms, health and amendments."
      />
      <HydrationBoundary state={state}>
        <ContractsView />
      </HydrationBoundary>
    </main>
  );
}
