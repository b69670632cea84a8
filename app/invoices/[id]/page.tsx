import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { cache } from "react";
import { InvoiceDetail } from "@/components/invoices/invoice-detail";
import { PageHeader } from "@/components/layout/page-header";
import { RecordLoadError } from "@/components/states/record-load-error";
import { fetchCustomer, fetchInvoice, type InvoiceRecord } from "@/lib/api/client";
import { asApiError } from "@/lib/api/errors";
import { UUID_PATTERN } from "@/lib/api/schemas";
import { requireViewer } from "@/lib/auth/guard";
import { readCustomerContracts } from "@/lib/contracts/find";
import { insightNow } from "@/lib/insights/today";
import { invoiceIdByNumber, numberInPath } from "@/lib/search/number-page";
import { serverFetcher } from "@/lib/upstream/server-fetcher";

type Params = { params: Promise<{ id: string }> };
type Loaded =
  | { ok: true; invoice: Awaited<ReturnType<typeof fetchInvoice>> }
  | { ok: false; error: ReturnType<ReturnType<typeof asApiError>["toJSON"]> };

/** One read per request, shared by the metadata and the page. */
const loadInvoice = cache(async (id: string): Promise<Loaded | null> => {
  // A malformed id names no invoice: the 404 page, not the API's 400.
  if (!UUID_PATTERN.test(id)) return null;
  try {
    return { ok: true, invoice: await fetchInvoice(serverFetcher, id) };
  } catch (error) {
    const info = asApiError(error);
    if (info.kind === "not-found") return null;
    return { ok: false, error: info.toJSON() };
  }
});

/**
 * What the invoice names by id only: its contract's name (among its customer's
 * contracts) and its customer's name today, which may differ from the name billed.
 * Either may fail to read (a deleted customer): the page then shows the ids.
 */
async function loadNames(invoice: InvoiceRecord) {
  const [contracts, customer] = await Promise.all([
    readCustomerContracts(serverFetcher, invoice.customerId).catch(() => []),
    fetchCustomer(serverFetcher, invoice.customerId).catch(() => null),
  ]);
  const contract = contracts.find((c) => c.id.toLowerCase() === invoice.contractId.toLowerCase());
  return { contractName: contract?.name ?? null, currentCustomerName: customer?.name ?? null };
}

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  // The title names the record: only for a signed-in viewer.
  await requireViewer();
  const loaded = await loadInvoice((await params).id);
  return { title: loaded?.ok ? `${loaded.invoice.number} · Invoices` : "Invoice" };
}

export default async function InvoicePage({ params }: Params) {
  await requireViewer();
  const { id } = await params;
  // `/invoices/<number>`: the number index names its id (the API has no number filter).
  const number = numberInPath(id);
  if (number) {
    const found = await invoiceIdByNumber(number);
    if (found.id) redirect(`/invoices/${found.id}`);
    notFound();
  }
  const loaded = await loadInvoice(id);
  if (loaded === null) notFound();
  if (!loaded.ok)
    return (
      <main id="main" className="px-4 py-5 sm:px-6 sm:py-6">
        <PageHeader title="Invoice" />
        <RecordLoadError
          error={loaded.error}
          back={{ href: "/invoices", label: "Back to invoices" }}
        />
      </main>
    );
  const names = await loadNames(loaded.invoice);
  return (
    <main id="main" className="px-4 py-5 sm:px-6 sm:py-6">
      <InvoiceDetail invoice={loaded.invoice} nowMs={insightNow()} {...names} />
    </main>
  );
}
