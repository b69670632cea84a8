import type { Metadata } from "next";
import { ContractQuickViews, ContractsView } from "@/components/contracts/contracts-view";
import { ListPage } from "@/components/layout/list-page";
import { requireViewer } from "@/lib/auth/guard";
import { contractList } from "@/lib/lists/contracts";
import { contractQuickViews } from "@/lib/lists/quick-views";
import type { PageSearchParams } from "@/lib/lists/url-params";

export const metadata: Metadata = { title: "Contracts" };

export default async function ContractsPage({
  searchParams,
}: {
  searchParams: Promise<PageSearchParams>;
}) {
  await requireViewer();
  return (
    <ListPage
      title="Contracts"
      description="Every contract of the business, with its terms, health and amendments."
      list="contracts"
      view={<ContractsView />}
      definition={contractList}
      searchParams={searchParams}
      quickViews={<ContractQuickViews views={contractQuickViews()} label="Contract views" />}
    />
  );
}
