import type { Metadata } from "next";
import { CustomerQuickViews, CustomersView } from "@/components/customers/customers-view";
import { ListPage } from "@/components/layout/list-page";
import { requireViewer } from "@/lib/auth/guard";
import { customerList } from "@/lib/lists/customers";
import { customerQuickViews } from "@/lib/lists/quick-views";
import type { PageSearchParams } from "@/lib/lists/url-params";

export const metadata: Metadata = { title: "Customers" };

export default async function CustomersPage({
  searchParams,
}: {
  searchParams: Promise<PageSearchParams>;
}) {
  await requireViewer();
  return (
    <ListPage
      title="Customers"
      description="Customers by contract health: who is due for renewal, who is ending, what is owed."
      list="customers"
      view={<CustomersView />}
      definition={customerList}
      searchParams={searchParams}
      quickViews={<CustomerQuickViews views={customerQuickViews()} label="Customer views" />}
    />
  );
}
