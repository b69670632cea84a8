import { INVOICE_STATUSES } from "../api/enums";
import { contractList } from "./contracts";
import { invoiceList } from "./invoices";
import { paymentList } from "./payments";
import { type PageSearchParams, parseAsBoolean, readUrlValues } from "./url-params";

/**
 * The API queries of one customer's invoices, contracts and payments, as the
 * customer page shows them; the server's prefetch and the browser's tables build
 * the same strings from here, so the prefetched pages are the ones the tables read.
 * `withVoided` lists every invoice status (the API omits VOIDED unless asked).
 */
export function customerRecordQueries(customerId: string, withVoided: boolean) {
  return {
    invoices: invoiceList.apiQuery({
      customerId,
      statuses: withVoided ? [...INVOICE_STATUSES] : null,
    }),
    contracts: contractList.apiQuery({ customerIds: [customerId] }),
    payments: paymentList.apiQuery({ customerId }),
  };
}

/** The customer page's own URL state: whether the invoices table includes voided ones. */
export const customerPageParsers = { voided: parseAsBoolean };
export function loadCustomerPage(search: PageSearchParams) {
  return { voided: readUrlValues(customerPageParsers, search).voided ?? false };
}
