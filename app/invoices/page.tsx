import type { Metadata } from "next";
import { InvoiceQuickViews, InvoicesView } from "@/components/invoices/invoices-view";
import { ListPage } from "@/components/layout/list-page";
import { requireViewer } from "@/lib/auth/guard";
import { insightToday } from "@/lib/insights/today";
import { invoiceList } from "@/lib/lists/invoices";
import { invoiceQuickViews } from "@/lib/lists/quick-views";
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
      view={<InvoicesView />}
      definition={invoiceList}
      searchParams={searchParams}
      quickViews={
        <InvoiceQuickViews views={invoiceQuickViews(insightToday())} label="Invoice views" />
      }
    />
  );
}
