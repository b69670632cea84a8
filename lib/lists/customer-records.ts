import { contractList } from "./contracts";
import {
  CUSTOMER_INVOICE_CHOICES,
  type CustomerInvoicesShown,
  customerInvoiceFilters,
} from "./customer-invoices";
import { INVOICE_ORDERS, invoiceList } from "./invoices";
import { paymentList } from "./payments";
import {
  type PageSearchParams,
  parseAsBoolean,
  parseAsStringLiteral,
  readUrlValues,
} from "./url-params";

/** The customer page's view of its invoices, as its URL holds it (`loadCustomerPage`). */
export interface CustomerInvoicesView {
  /** issued ones (the default), those with something owed, or all */
  shown: CustomerInvoicesShown;
  /** with "all": voided ones too (the API omits them unless asked) */
  voided: boolean;
  invoicesOrderBy: InvoiceOrder | null;
}

/**
 * The API queries of one customer's invoices, contracts and payments, as the
 * customer page shows them; the server's prefetch and the browser's tables build
 * the same strings from here, so the prefetched pages are the ones the tables read.
 * The invoices open on issued ones, newest first (a customer's drafts run a year
 * ahead and sorted first), with the Invoices list's Issued and Unpaid filters; the
 * order is `issuedAt:DESC` unless `invoicesOrderBy` says otherwise. Payments open
 * newest first, the API's default.
 */
export function customerRecordQueries(
  customerId: string,
  view: CustomerInvoicesView = { shown: "issued", voided: false, invoicesOrderBy: null },
) {
  return {
    invoices: invoiceList.viewQuery({
      customerId,
      ...customerInvoiceFilters(view.shown, view.voided),
      orderBy: view.invoicesOrderBy,
    }),
    contracts: contractList.viewQuery({ customerIds: [customerId] }),
    payments: paymentList.viewQuery({ customerId }),
  };
}

type InvoiceOrder = (typeof INVOICE_ORDERS)[number];

/**
 * The customer page's own URL state: which invoices its table shows (absent: issued
 * ones), whether "all" includes voided ones, and the invoices' order when not the
 * default (newest first).
 */
export const customerPageParsers = {
  invoices: parseAsStringLiteral(CUSTOMER_INVOICE_CHOICES),
  voided: parseAsBoolean,
  invoicesOrderBy: parseAsStringLiteral(INVOICE_ORDERS),
};

/** The page's view from its URL values; a link from before the choice, `?voided=true`, shows all. */
export function customerInvoicesView(
  values: ReturnType<typeof readUrlValues<typeof customerPageParsers>>,
): CustomerInvoicesView {
  const shown = values.invoices ?? (values.voided ? "all" : "issued");
  return {
    shown,
    voided: shown === "all" && values.voided === true,
    invoicesOrderBy: values.invoicesOrderBy,
  };
}

export function loadCustomerPage(search: PageSearchParams): CustomerInvoicesView {
  return customerInvoicesView(readUrlValues(customerPageParsers, search));
}
