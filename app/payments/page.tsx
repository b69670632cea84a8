import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import type { SearchParams } from "nuqs/server";
import { PageHeader } from "@/components/layout/page-header";
import { PaymentsView } from "@/components/payments/payments-view";
import { prefetchListPage } from "@/lib/api/server/prefetch";
import { requireViewer } from "@/lib/auth/guard";
import { paymentList } from "@/lib/lists/payments";

export const metadata: Metadata = { title: "Payments" };

export default async function PaymentsPage({
  searchParams,
}: {
  searchParams: Promise<SearchParams>;
}) {
  await requireViewer();
  const values = paymentList.load(await searchParams);
  const state = await prefetchListPage("payments", paymentList.apiQuery(values));
  return (
    <main id="main" className="px-6 py-6">
      <PageHeader
        title="Payments"
        description="Cash payments received: who paid, how much is applied to invoices, bank fees."
      />
      <HydrationBoundary state={state}>
        <PaymentsView />
      </HydrationBoundary>
    </main>
  );
}
