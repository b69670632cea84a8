import type { Metadata } from "next";
import { QuickViews } from "@/components/data-table/quick-views";
import { InvoicesView } from "@/components/invoices/invoices-view";
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
        <QuickViews
          list="invoices"
          views={invoiceQuickViews(insightToday())}
          label="Invoice views"
        />
      }
    />
  );
}
