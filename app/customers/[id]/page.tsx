import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { Suspense } from "react";
import { CustomerRecords } from "@/components/customers/customer-detail";
import { type CoverageRead, CustomerSummary } from "@/components/customers/customer-summary";
import { RecordLoadError } from "@/components/states/record-load-error";
import { BlankTableSkeleton } from "@/components/states/table-skeleton";
import type { ContractRecord, CustomerRecord } from "@/lib/api/client";
import { UUID_PATTERN } from "@/lib/api/schemas";
import { requireViewer } from "@/lib/auth/guard";
import { readCustomerContracts } from "@/lib/contracts/find";
import { insightNow } from "@/lib/insights/today";
import { customerRecordQueries, loadCustomerPage } from "@/lib/lists/customer-records";
import type { PageSearchParams } from "@/lib/lists/url-params";
import { prefetchListPage } from "@/lib/upstream/prefetch";
import { readCustomer } from "@/lib/upstream/read-customer";
import { serverFetcher } from "@/lib/upstream/server-fetcher";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<PageSearchParams> };

/**
 * The customer's coverage contract, found among its contracts (the API has no route
 * for one contract), for its name and the reason for the customer's health.
 */
function coverageOf(customer: CustomerRecord, contracts: ContractRecord[] | null): CoverageRead {
  if (customer.coverageContractId === null) return "none";
  if (contracts === null) return "unreadable";
  const id = customer.coverageContractId.toLowerCase();
  return contracts.find((contract) => contract.id.toLowerCase() === id) ?? "not-listed";
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  // The title names the record: only for a signed-in viewer.
  await requireViewer();
  const result = await readCustomer((await params).id);
  return { title: result.ok ? `${result.customer.name} · Customers` : "Customer" };
}

export default async function CustomerPage({ params, searchParams }: Props) {
  await requireViewer();
  const { id } = await params;
  // Its contracts (for the coverage contract) are read alongside the customer.
  const [result, contracts] = await Promise.all([
    readCustomer(id),
    UUID_PATTERN.test(id) ? readCustomerContracts(serverFetcher, id).catch(() => null) : null,
  ]);
  if (!result.ok)
    return (
      <main id="main" className="px-4 py-5 sm:px-6 sm:py-6">
        <RecordLoadError
          error={result.error}
          heading="Customer"
          back={{ href: "/customers", label: "Back to customers" }}
        />
      </main>
    );
  // The record at once; the tables once their first pages are read (in the same HTML).
  return (
    <main id="main" className="px-4 py-5 sm:px-6 sm:py-6">
      <CustomerSummary
        customer={result.customer}
        coverage={coverageOf(result.customer, contracts)}
        todayMs={insightNow()}
      />
      <Suspense fallback={<RecordsSkeleton />}>
        <RecordsWithFirstPages customer={result.customer} searchParams={searchParams} />
      </Suspense>
    </main>
  );
}

async function RecordsWithFirstPages({
  customer,
  searchParams,
}: {
  customer: CustomerRecord;
  searchParams: Promise<PageSearchParams>;
}) {
  const queries = customerRecordQueries(customer.id, loadCustomerPage(await searchParams));
  const states = await Promise.all([
    prefetchListPage("invoices", queries.invoices),
    prefetchListPage("contracts", queries.contracts),
    prefetchListPage("payments", queries.payments),
  ]);
  return (
    <HydrationBoundary state={{ mutations: [], queries: states.flatMap((s) => s.queries) }}>
      <CustomerRecords customerId={customer.id} customerName={customer.name} />
    </HydrationBoundary>
  );
}

function RecordsSkeleton() {
  return ["Invoices", "Contracts", "Payments"].map((title) => (
    <section key={title} className="mt-8">
      <h2 className="mb-2 text-lg font-medium">{title}</h2>
      <BlankTableSkeleton label={`${title} of this customer`} />
    </section>
  ));
}
