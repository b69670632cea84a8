import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { InvoiceQuickViews, InvoicesView } from "@/components/invoices/invoices-view";
import { ListPage } from "@/components/layout/list-page";
import { requireViewer } from "@/lib/auth/guard";
import { insightToday } from "@/lib/insights/today";
import { invoiceList } from "@/lib/lists/invoices";
import { invoiceQuickViews } from "@/lib/lists/quick-views";
import type { PageSearchParams } from "@/lib/lists/url-params";
import { invoiceNumberHref } from "@/lib/record-links";

export const metadata: Metadata = { title: "Invoices" };

export default async function InvoicesPage({
  searchParams,
}: {
  searchParams: Promise<PageSearchParams>;
}) {
  await requireViewer();
  // The number search's plain form, sent before the page's script ran: open that number.
  const { number } = await searchParams;
  if (typeof number === "string" && number.trim()) redirect(invoiceNumberHref(number));
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
