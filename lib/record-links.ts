/** Where a contract's records can be read: the API has no contract route, so its invoices. */
export function contractHref(contractId: string): string {
  return `/invoices?contractId=${contractId}`;
}
