import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache, Suspense } from "react";
import { ContractSummary } from "@/components/contracts/contract-detail";
import { ContractInvoices } from "@/components/contracts/contract-detail-records";
import { RecordLoadError } from "@/components/states/record-load-error";
import { BlankTableSkeleton } from "@/components/states/table-skeleton";
import { fetchCustomer } from "@/lib/api/client";
import { asApiError } from "@/lib/api/errors";
import { UUID_PATTERN } from "@/lib/api/schemas";
import { requireViewer } from "@/lib/auth/guard";
import { contractInvoicesQuery, findContract } from "@/lib/contracts/find";
import { insightNow } from "@/lib/insights/today";
import type { PageSearchParams } from "@/lib/lists/url-params";
import { prefetchListPage } from "@/lib/upstream/prefetch";
import { serverFetcher } from "@/lib/upstream/server-fetcher";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<PageSearchParams> };

/** The customer a link names, when it is an id at all (anything else is ignored). */
function customerHint(search: PageSearchParams): string | null {
  const value = search.customerId;
  return typeof value === "string" && UUID_PATTERN.test(value) ? value : null;
}

/** The contract, or the error that kept it from being read; once per request (title and page). */
const readContract = cache(async (id: string, hint: string | null) => {
  if (!UUID_PATTERN.test(id)) notFound();
  let found: Awaited<ReturnType<typeof findContract>>;
  try {
    found = await findContract(serverFetcher, id, hint);
  } catch (error) {
    const apiError = asApiError(error);
    if (apiError.kind === "not-found") notFound();
    return { ok: false as const, error: apiError.toJSON() };
  }
  // Outside the try: notFound() throws, and must not be taken for an API error.
  if (!found) notFound();
  // The contract record carries no customer name; a deleted customer shows its id.
  const customerName = await fetchCustomer(serverFetcher, found.contract.customerId).then(
    (c) => c.name,
    () => null,
  );
  return { ok: true as const, ...found, customerName };
});

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  // The title names the record: only for a signed-in viewer.
  await requireViewer();
  const result = await readContract((await params).id, customerHint(await searchParams));
  return { title: result.ok ? `${result.contract.name} · Contracts` : "Contract" };
}

export default async function ContractPage({ params, searchParams }: Props) {
  await requireViewer();
  const { id } = await params;
  const result = await readContract(id, customerHint(await searchParams));
  if (!result.ok)
    return (
      <main id="main" className="px-4 py-6 sm:px-6">
        <RecordLoadError
          error={result.error}
          heading="Contract"
          back={{ href: "/contracts", label: "Back to contracts" }}
        />
      </main>
    );
  return (
    <main id="main" className="px-4 py-6 sm:px-6">
      <ContractSummary
        contract={result.contract}
        siblings={result.siblings}
        customerName={result.customerName}
        todayMs={insightNow()}
      />
      <Suspense fallback={<InvoicesSkeleton />}>
        <InvoicesWithFirstPage contractId={result.contract.id} />
      </Suspense>
    </main>
  );
}

async function InvoicesWithFirstPage({ contractId }: { contractId: string }) {
  const state = await prefetchListPage("invoices", contractInvoicesQuery(contractId));
  return (
    <HydrationBoundary state={state}>
      <ContractInvoices contractId={contractId} />
    </HydrationBoundary>
  );
}

function InvoicesSkeleton() {
  return (
    <section className="mt-8">
      <h2 className="mb-2 text-lg font-medium">Invoices</h2>
      <BlankTableSkeleton label="Invoices of this contract" />
    </section>
  );
}
