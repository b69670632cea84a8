import { INVOICE_STATUSES } from "../api/enums";
import { invoiceList } from "./invoices";

/** Issued invoices (the Issued view), and those with something still owed (Unpaid). */
export const ISSUED_FILTERS = { statuses: ["ISSUED" as const] };
export const UNPAID_FILTERS = { statuses: ["ISSUED" as const], hasOutstandingBalance: true };

/** What a customer's invoices show, on its page and in the Invoices list. */
export const CUSTOMER_INVOICE_CHOICES = ["issued", "unpaid", "all"] as const;
export type CustomerInvoicesShown = (typeof CUSTOMER_INVOICE_CHOICES)[number];

/**
 * The invoice list's filters of each choice: the Issued view's, the Unpaid view's, or
 * none (every status but voided; `voided` adds them).
 */
export function customerInvoiceFilters(shown: CustomerInvoicesShown, voided = false) {
  if (shown === "issued") return ISSUED_FILTERS;
  if (shown === "unpaid") return UNPAID_FILTERS;
  return voided ? { statuses: [...INVOICE_STATUSES] } : {};
}

/**
 * A customer's invoices in the Invoices list, the customer chosen in its Customers
 * filter: issued ones (the Issued view), those with something owed (Unpaid), or all.
 */
export function customerInvoicesHref(
  customerId: string,
  shown: CustomerInvoicesShown,
  options: { voided?: boolean; orderBy?: "issuedAt:ASC" | null } = {},
): string {
  const query = invoiceList.apiQuery({
    customerIds: [customerId],
    ...customerInvoiceFilters(shown, options.voided),
    orderBy: options.orderBy ?? null,
  });
  return `/invoices?${query}`;
}
