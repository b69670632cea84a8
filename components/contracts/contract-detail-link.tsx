"use client";

import Link from "@/components/layout/link";
import { contractHref } from "@/lib/record-links";
import { useCustomerContract } from "./use-customer-contract";

/** The first block of a uuid, enough to tell records apart on screen. */
function shortId(id: string): string {
  return id.slice(0, 8);
}

/**
 * A contract's name, linking to its page. Records that name a contract (invoices, a
 * customer's coverage) carry its id only: the name is read from the customer's
 * contracts (one query per customer for the session, shared by every row of that
 * customer, and only for rows on screen). Until it arrives, or when the contract is
 * not among them, a short id shows.
 */
export function ContractNameLink({
  contractId,
  customerId,
  name,
  className = "text-accent hover:underline",
  inRow = false,
}: {
  /** in a list row: out of the tab order (the table is one tab stop) */
  inRow?: boolean;
  contractId: string;
  customerId: string;
  /** when the caller already has it, no lookup */
  name?: string | null;
  className?: string;
}) {
  const lookup = useCustomerContract(customerId, contractId, !name);
  const found = name ?? lookup.contract?.name;
  return (
    <Link
      tabIndex={inRow ? -1 : undefined}
      href={contractHref(contractId, customerId)}
      className={className}
      title={`Contract ${contractId}`}
      data-contract-id={contractId}
    >
      {found ?? <span className="font-mono text-xs">{shortId(contractId)}</span>}
    </Link>
  );
}
