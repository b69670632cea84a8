import { INVOICE_STATUSES } from "../api/enums";
import { contractList } from "./contracts";
import { INVOICE_ORDERS, invoiceList } from "./invoices";
import { paymentList } from "./payments";
import {
  type PageSearchParams,
  parseAsBoolean,
  parseAsStringLiteral,
  readUrlValues,
} from "./url-params";

/**
 * The API queries of one customer's invoices, contracts and payments, as the
 * customer page shows them; the server's prefetch and the browser's tables build
 * the same strings from here, so the prefetched pages are the ones the tables read.
 * `withVoided` lists every invoice status (the API omits VOIDED unless asked). Both
 * invoices and payments open newest first: invoices by the invoice list's default
 * (`issuedAt:DESC`) unless `invoicesOrderBy` says otherwise, payments by the API's.
 */
export function customerRecordQueries(
  customerId: string,
  withVoided: boolean,
  invoicesOrderBy: InvoiceOrder | null = null,
) {
  return {
    invoices: invoiceList.viewQuery({
      customerId,
      statuses: withVoided ? [...INVOICE_STATUSES] : null,
      orderBy: invoicesOrderBy,
    }),
    contracts: contractList.viewQuery({ customerIds: [customerId] }),
    payments: paymentList.viewQuery({ customerId }),
  };
}

type InvoiceOrder = (typeof INVOICE_ORDERS)[number];

/**
 * The customer page's own URL state: whether the invoices table includes voided
 * ones, and the invoices' order when not the default (newest first).
 */
export const customerPageParsers = {
  voided: parseAsBoolean,
  invoicesOrderBy: parseAsStringLiteral(INVOICE_ORDERS),
};
export function loadCustomerPage(search: PageSearchParams) {
  const values = readUrlValues(customerPageParsers, search);
  return { voided: values.voided ?? false, invoicesOrderBy: values.invoicesOrderBy };
}
