/**
 * The contract page. The API reads one contract only through its customer's
 * contracts, so a link carries the customer when it knows it (lib/contracts/find.ts);
 * without it the page finds the customer through the contract's invoices.
 */
export function contractHref(contractId: string, customerId?: string | null): string {
  const path = `/contracts/${contractId}`;
  return customerId ? `${path}?customerId=${customerId}` : path;
}

/** A contract's invoices: the invoices list filtered to it. */
export function contractInvoicesHref(contractId: string): string {
  return `/invoices?contractId=${contractId}`;
}

/** A customer's payments: the payments list filtered to it. */
export function customerPaymentsHref(customerId: string): string {
  return `/payments?customerId=${customerId}`;
}

/** An invoice by its number as typed: the invoice page opens it by number or by id. */
export function invoiceNumberHref(typed: string): string {
  return `/invoices/${encodeURIComponent(typed.trim())}`;
}
