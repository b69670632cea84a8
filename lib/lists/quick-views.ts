import { INVOICE_STATUSES } from "../api/enums";
import { contractList } from "./contracts";
import { ISSUED_FILTERS, UNPAID_FILTERS } from "./customer-invoices";
import { customerList } from "./customers";
import { invoiceList } from "./invoices";
import { paymentList } from "./payments";
import {
  currentQuickViewOf,
  type FilterableList,
  type QuickView,
  type QuickViewList,
  quickViewHrefOf,
} from "./quick-view-match";

export type { QuickView, QuickViewList };

/**
 * The lists' quick views: one click to the views people open most, as the tabs over
 * Stripe's and Lago's invoice lists. Each is a plain link to the list's URL, so a
 * reload, Back, "Save view" and the filter chips treat it as any filtered view, and
 * the chips show what it filters. Dates are on the dashboard's today (UTC), which the
 * server knows (lib/insights/today.ts): the page builds the links.
 */
const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Overdue: issued, something still owed, due before today (due today is not yet overdue). */
export function overdueQuery(today: number): string {
  return invoiceList.apiQuery({
    ...UNPAID_FILTERS,
    dueDateEndAt: new Date(today - 1).toISOString(),
  });
}

/** Drafts waiting for a person to approve them. */
export const DRAFTS_QUERY = invoiceList.apiQuery({ needsApproval: true });

/**
 * The invoice list's quick views on the UTC day starting at `today` (ms). The list
 * opens on Issued; All, newest first, starts at the schedule's furthest drafts (a
 * draft by its period start), so "Issued" and "Upcoming" split it at today.
 */
export function invoiceQuickViews(today: number): QuickView[] {
  return [
    {
      id: "all",
      label: "All",
      // Spelled out: the list without filters opens on Issued (invoiceList.opening).
      query: invoiceList.apiQuery({ statuses: INVOICE_STATUSES.filter((s) => s !== "VOIDED") }),
      description: "Every invoice but voided ones, drafts planned ahead included",
    },
    {
      id: "issued",
      label: "Issued",
      query: invoiceList.apiQuery(ISSUED_FILTERS),
      description: "Invoices sent to customers, newest first (the list opens here)",
    },
    {
      id: "unpaid",
      label: "Unpaid",
      query: invoiceList.apiQuery(UNPAID_FILTERS),
      description: "Issued invoices with something still owed",
    },
    {
      id: "overdue",
      label: "Overdue",
      query: overdueQuery(today),
      description: "Issued invoices still owed after their due date",
    },
    {
      id: "approval",
      label: "Needs approval",
      query: DRAFTS_QUERY,
      description: "Drafts waiting for a person to approve them",
    },
    {
      id: "upcoming",
      label: "Upcoming",
      query: invoiceList.apiQuery({
        issueDateStartAt: isoDay(today + DAY_MS),
        orderBy: "issuedAt:ASC",
      }),
      description: "Invoices planned to issue after today, the next first",
    },
  ];
}

/** The customer list's quick views: the contracts a manager acts on, by health. */
export function customerQuickViews(): QuickView[] {
  return [
    {
      id: "all",
      label: "All",
      query: "",
      description: "Every customer, those that most need attention first",
    },
    {
      id: "renewal",
      label: "Renewal due",
      query: customerList.apiQuery({ contractHealths: ["RENEWAL_DUE"] }),
      description: "Contracts inside their renewal notice period, not renewed",
    },
    {
      id: "ending",
      label: "Ending",
      query: customerList.apiQuery({ contractHealths: ["ENDING"] }),
      description: "Contracts not renewing by themselves, ending within 30 days",
    },
    {
      id: "lapsed",
      label: "No active contract",
      query: customerList.apiQuery({ contractHealths: ["NO_ACTIVE_CONTRACT"] }),
      description: "Customers whose contracts have ended or were cancelled",
    },
  ];
}

/** The payment list's quick views: what finance reconciles. */
export function paymentQuickViews(): QuickView[] {
  return [
    { id: "all", label: "All", query: "", description: "Every payment, newest received first" },
    {
      id: "unapplied",
      label: "Unapplied",
      query: paymentList.apiQuery({ hasUnappliedAmount: true }),
      description: "Payments with money not yet applied to an invoice",
    },
    {
      id: "unattributed",
      label: "Not attributed",
      query: paymentList.apiQuery({ isAttributed: false }),
      description: "Payments not yet matched to a customer",
    },
  ];
}

/**
 * The contract list's quick views, by lifecycle: the running contracts, those still
 * being drafted, and those over (expired or cancelled). Deleted contracts stay out of
 * every view but a Status picked by hand, as the API leaves them out by default.
 */
export function contractQuickViews(): QuickView[] {
  return [
    { id: "all", label: "All", query: "", description: "Every contract but deleted ones" },
    {
      id: "active",
      label: "Active",
      query: contractList.apiQuery({ statuses: ["ACTIVE"] }),
      description: "Contracts whose terms are in force",
    },
    {
      id: "draft",
      label: "Draft",
      query: contractList.apiQuery({ statuses: ["DRAFT"] }),
      description: "Contracts not yet agreed",
    },
    {
      id: "ended",
      label: "Ended",
      query: contractList.apiQuery({ statuses: ["EXPIRED", "CANCELLED"] }),
      description: "Contracts that expired or were cancelled",
    },
  ];
}

/** The lists that have quick views. */
const LISTS = {
  invoices: invoiceList,
  customers: customerList,
  contracts: contractList,
  payments: paymentList,
} as const satisfies Record<QuickViewList, FilterableList>;

/** The quick view a list's URL query shows (lib/lists/quick-view-match.ts), by the list's name. */
export function currentQuickView(
  name: QuickViewList,
  views: readonly QuickView[],
  query: string,
): string | null {
  return currentQuickViewOf({ name, list: LISTS[name] }, views, query);
}

/** A quick view's link from the list's URL query (lib/lists/quick-view-match.ts), by the list's name. */
export function quickViewHref(
  name: QuickViewList,
  views: readonly QuickView[],
  view: QuickView,
  query: string,
): string {
  return quickViewHrefOf({ name, list: LISTS[name] }, views, view, query);
}
