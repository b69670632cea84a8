/**
 * A saved view's query as it is kept: checked as its list's export checks it (every
 * problem named), then written back in its normal form, as the list page writes its
 * own URL: only the list's parameters, each as its parser writes it, in the list's
 * order; the chosen columns only those the list has. Nothing else a request brought
 * (an unknown column id, 4,000 characters of anything) is kept or shown as a link.
 */
import { exportQuery } from "@/lib/export/query";
import { contractList } from "@/lib/lists/contracts";
import { customerList } from "@/lib/lists/customers";
import { invoiceList } from "@/lib/lists/invoices";
import { paymentList } from "@/lib/lists/payments";
import {
  readUrlValues,
  renderQueryString,
  type UrlParams,
  writeUrlValues,
} from "@/lib/lists/url-params";
import type { SavedViewList } from "./schema";

const LISTS: Record<SavedViewList, { parsers: UrlParams; display: UrlParams }> = {
  invoices: invoiceList,
  customers: customerList,
  contracts: contractList,
  payments: paymentList,
};

export type SavedQuery = { ok: true; query: string } | { ok: false; issues: string[] };

/**
 * @example savedViewQuery("invoices", "columns=period,-dueAt,gone&statuses=ISSUED")
 *   // { ok: true, query: "statuses=ISSUED&columns=-dueAt,period" }
 */
export function savedViewQuery(list: SavedViewList, query: string): SavedQuery {
  const search = new URLSearchParams(query);
  const checked = exportQuery(list, search);
  if (!checked.ok) return { ok: false, issues: checked.issues.map((issue) => `query: ${issue}`) };
  const { parsers, display } = LISTS[list];
  const params = { ...parsers, ...display };
  return {
    ok: true,
    query: renderQueryString(writeUrlValues(params, readUrlValues(params, search))).slice(1),
  };
}
