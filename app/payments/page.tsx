import type { Metadata } from "next";
import { ListPage } from "@/components/layout/list-page";
import { PaymentQuickViews, PaymentsView } from "@/components/payments/payments-view";
import { requireViewer } from "@/lib/auth/guard";
import { paymentList } from "@/lib/lists/payments";
import { paymentQuickViews } from "@/lib/lists/quick-views";
import type { PageSearchParams } from "@/lib/lists/url-params";

export const metadata: Metadata = { title: "Payments" };

export default async function PaymentsPage({
  searchParams,
}: {
  searchParams: Promise<PageSearchParams>;
}) {
  await requireViewer();
  return (
    <ListPage
      title="Payments"
      description="Cash payments received: who paid, how much is applied to invoices, bank fees."
      list="payments"
      view={<PaymentsView />}
      definition={paymentList}
      searchParams={searchParams}
      quickViews={<PaymentQuickViews views={paymentQuickViews()} label="Payment views" />}
    />
  );
}
