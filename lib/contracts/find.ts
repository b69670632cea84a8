/**
 * One contract by id, read through the contracts list filtered to its customer:
 * the API has no route for one contract, and no filter by contract id on the
 * contracts list (docs/readings.md, Contracts: one contract by id).
 *
 * Its customer comes from the link that led here (`customerId`, which every link of
 * the dashboard carries), else from one of its invoices (the invoices list filters by
 * contract, and an invoice names its customer). A contract without invoices reached
 * by a link without its customer cannot be found: the page says so. Bounded: a
 * customer's contracts in pages of 100, and one invoice.
 */
import { type ContractRecord, type Fetcher, fetchListPage } from "../api/client";
import { INVOICE_STATUSES, LIFECYCLE_STATUSES } from "../api/enums";
import { contractList } from "../lists/contracts";
import { invoiceList } from "../lists/invoices";

const PAGE = 100;

/** A customer's contracts, deleted ones too: a link may name a deleted contract. */
export function customerContractsQuery(customerId: string): string {
  return contractList.apiQuery({ customerIds: [customerId], statuses: [...LIFECYCLE_STATUSES] });
}

/** The one invoice that names a contract's customer: any status, voided included. */
export function contractInvoiceProbeQuery(contractId: string): string {
  return `${invoiceList.apiQuery({ contractId, statuses: [...INVOICE_STATUSES] })}&limit=1`;
}

/** Every contract of a customer, over nextCursor. */
export async function readCustomerContracts(
  fetcher: Fetcher,
  customerId: string,
): Promise<ContractRecord[]> {
  const contracts: ContractRecord[] = [];
  const query = `${customerContractsQuery(customerId)}&limit=${PAGE}`;
  let cursor: string | undefined;
  do {
    const page = await fetchListPage(fetcher, "contracts", query, cursor);
    contracts.push(...page.data);
    cursor = page.hasMore ? page.nextCursor : undefined;
  } while (cursor);
  return contracts;
}

export interface FoundContract {
  contract: ContractRecord;
  /** the customer's contracts, this one included: names for its renewal links */
  siblings: ContractRecord[];
}

const sameId = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The contract with this id, or null when neither its customer's contracts (the
 * one the link names, then the one its invoices name) hold it. API errors are thrown.
 */
export async function findContract(
  fetcher: Fetcher,
  contractId: string,
  customerHint: string | null,
): Promise<FoundContract | null> {
  const tried = new Set<string>();
  const lookIn = async (customerId: string) => {
    tried.add(customerId.toLowerCase());
    const siblings = await readCustomerContracts(fetcher, customerId);
    const contract = siblings.find((c) => sameId(c.id, contractId));
    return contract ? { contract, siblings } : null;
  };
  if (customerHint) {
    const found = await lookIn(customerHint);
    if (found) return found;
  }
  const probe = await fetchListPage(fetcher, "invoices", contractInvoiceProbeQuery(contractId));
  const customerId = probe.data[0]?.customerId;
  if (!customerId || tried.has(customerId.toLowerCase())) return null;
  return lookIn(customerId);
}

/** The contract page's invoices: every status (voided ones tell of changed terms), newest first. */
export function contractInvoicesQuery(contractId: string): string {
  return invoiceList.viewQuery({ contractId, statuses: [...INVOICE_STATUSES] });
}
