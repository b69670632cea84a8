import { type DehydratedState, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import type { SearchParams } from "nuqs/server";
import { cache } from "react";
import { CustomerDetail, CustomerLoadError } from "@/components/customers/customer-detail";
import { fetchCustomer } from "@/lib/api/client";
import { asApiError } from "@/lib/api/errors";
import { UUID_PATTERN } from "@/lib/api/schemas";
import { serverFetcher } from "@/lib/api/server/fetcher";
import { prefetchListPage } from "@/lib/api/server/prefetch";
import { requireViewer } from "@/lib/auth/guard";
import { customerRecordQueries, loadCustomerPage } from "@/lib/lists/customer-records";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<SearchParams> };

/** The customer, or the error that kept it from being read; once per request (title and page). */
const readCustomer = cache(async (id: string) => {
  if (!UUID_PATTERN.test(id)) notFound();
  try {
    return { ok: true as const, customer: await fetchCustomer(serverFetcher, id) };
  } catch (error) {
    const apiError = asApiError(error);
    if (apiError.kind === "not-found") notFound();
    return { ok: false as const, error: apiError.toJSON() };
  }
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  // The title names the record: only for a signed-in viewer.
  await requireViewer();
  const result = await readCustomer((await params).id);
  return { title: result.ok ? result.customer.name : "Customer" };
}

export default async function CustomerPage({ params, searchParams }: Props) {
  await requireViewer();
  const { id } = await params;
  const result = await readCustomer(id);
  if (!result.ok)
    return (
      <main id="main" className="px-6 py-6">
        <CustomerLoadError error={result.error} />
      </main>
    );
  const { voided } = loadCustomerPage(await searchParams);
  const queries = customerRecordQueries(result.customer.id, voided);
  // The first page of each table, in the HTML.
  const states = await Promise.all([
    prefetchListPage("invoices", queries.invoices),
    prefetchListPage("contracts", queries.contracts),
    prefetchListPage("payments", queries.payments),
  ]);
  const state: DehydratedState = {
    mutations: [],
    queries: states.flatMap((s) => s.queries),
  };
  return (
    <main id="main" className="px-6 py-6">
      <HydrationBoundary state={state}>
        <CustomerDetail customer={result.customer} />
      </HydrationBoundary>
    </main>
  );
}
