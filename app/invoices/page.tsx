import type { Metadata } from "next";
import { ListPage } from "@/components/layout/list-page";
import { requireViewer } from "@/lib/auth/guard";
import { invoiceList } from "@/lib/lists/invoices";
import type { PageSearchParams } from "@/lib/lists/url-params";

export const metadata: Metadata = { title: "Invoices" };

export default async function InvoicesPage({
  searchParams,
}: {
  searchParams: Promise<PageSearchParams>;
}) {
  await requireViewer();
  return (
    <ListPage
      title="Invoices"
      description="Every invoice of the business: filter, sort, open one."
      list="invoices"
      definition={invoiceList}
      searchParams={searchParams}
    />
  );
}
