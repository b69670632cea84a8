"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMemo, useTransition } from "react";
import type { ApiErrorInfo } from "@/lib/api/errors";
import { contractInvoicesQuery } from "@/lib/contracts/find";
import { RecordsSection } from "../customers/customer-detail";
import { invoiceColumns } from "../invoices/invoice-columns";
import { ErrorPanel } from "../states/error-panel";

/** The contract's invoices, an infinite table over nextCursor like the customer page's. */
export function ContractInvoices({ contractId }: { contractId: string }) {
  const columns = useMemo(() => invoiceColumns({ hideCustomer: true, hideContract: true }), []);
  return (
    <RecordsSection
      title="Invoices"
      list="invoices"
      query={contractInvoicesQuery(contractId)}
      columns={columns}
      rowHref={(row) => `/invoices/${row.id}`}
      here={`/contracts/${contractId}`}
      emptyText="This contract has no invoices yet."
      note={
        <p className="text-xs text-fg-muted">
          Every status, voided included; newest issued first (a draft by its period start).
        </p>
      }
      order={[{ field: "issuedAt", direction: "DESC" }]}
      owner="this contract"
    />
  );
}

/** The contract could not be read for a reason other than "not found": say why, offer a retry. */
export function ContractLoadError({ error }: { error: ApiErrorInfo }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <div className="max-w-2xl">
      <h1 className="mb-4 text-2xl font-semibold tracking-tight">Contract</h1>
      <ErrorPanel error={error} onRetry={() => startTransition(() => router.refresh())} />
      {pending ? (
        <p role="status" className="mt-2 text-sm text-fg-muted">
          Retrying…
        </p>
      ) : null}
      <p className="mt-4 text-sm">
        <Link href="/contracts" className="text-accent underline">
          Back to contracts
        </Link>
      </p>
    </div>
  );
}
