import type { Metadata } from "next";
import { connection } from "next/server";
import { CachedInsight } from "@/components/insights/cached-insight";
import { RenewalsView } from "@/components/insights/renewals-view";
import { PageHeader } from "@/components/layout/page-header";
import { requireViewer } from "@/lib/auth/guard";

export const metadata: Metadata = { title: "Renewals" };

export default async function RenewalsPage() {
  await requireViewer();
  await connection();
  return (
    <main id="main" className="px-4 py-5 sm:px-6 sm:py-6">
      <PageHeader
        title="Renewals"
        description="Customers whose contract is due for renewal or ending, what their terms bill a year, when contracts end, and health across all customers."
      />
      <CachedInsight
        view="renewals"
        what="customers list, once per health state, and the invoices of the terms ending"
      >
        {(shown) => (shown.parts.renewals ? <RenewalsView data={shown.parts.renewals} /> : null)}
      </CachedInsight>
    </main>
  );
}
