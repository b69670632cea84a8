/**
 * What a statement reads of the API: one customer's issued invoices and cash
 * payments. Pure, so the API check's map of page reads (lib/lists/page-reads.ts)
 * names the same queries the statement sends.
 */
import { invoiceList } from "@/lib/lists/invoices";
import { paymentList } from "@/lib/lists/payments";

/** Every issued invoice of the customer, whatever its date: the opening balance needs them all. */
export function statementInvoicesQuery(customerId: string): string {
  return invoiceList.apiQuery({ customerIds: [customerId], statuses: ["ISSUED"] });
}

/** Every cash payment attributed to the customer, newest received first (the API's order). */
export function statementPaymentsQuery(customerId: string): string {
  return paymentList.apiQuery({ customerId });
}

/** Pages read per list at most (100 rows each): a customer with more is refused, not cut short. */
export const STATEMENT_MAX_PAGES = 100;
