import { INVOICE_STATUSES } from "../api/enums";
import { bool, defineList, multi, parseAsDateBound, parseAsUuid, parseAsUuidList } from "./define";
import { parseAsStringLiteral } from "./url-params";

export const INVOICE_ORDERS = ["issuedAt:ASC", "issuedAt:DESC"] as const;

export const invoiceList = defineList({
  parsers: {
    customerId: parseAsUuid,
    customerIds: parseAsUuidList,
    contractId: parseAsUuid,
    statuses: multi(INVOICE_STATUSES),
    needsApproval: bool,
    issueDateStartAt: parseAsDateBound,
    issueDateEndAt: parseAsDateBound,
    dueDateStartAt: parseAsDateBound,
    dueDateEndAt: parseAsDateBound,
    periodStartAtOrAfter: parseAsDateBound,
    periodStartBefore: parseAsDateBound,
    hasOutstandingBalance: bool,
    hasAppliedPayments: bool,
    hasUncoveredBalance: bool,
    orderBy: parseAsStringLiteral(INVOICE_ORDERS),
  },
  fields: [
    { kind: "id", key: "customerId", label: "Customer", resource: "customer" },
    { kind: "id", key: "contractId", label: "Contract", resource: "contract" },
    { kind: "customers", key: "customerIds", label: "Customers" },
    { kind: "multi", key: "statuses", label: "Status", options: INVOICE_STATUSES },
    {
      kind: "boolean",
      key: "needsApproval",
      label: "Approval",
      // No "false" choice: the API reads needsApproval=false as no filter, the same as "Any".
      yes: "Needs approval",
    },
    {
      kind: "dateRange",
      label: "Issued",
      from: "issueDateStartAt",
      to: "issueDateEndAt",
      toBound: "inclusive",
    },
    {
      kind: "dateRange",
      label: "Due",
      from: "dueDateStartAt",
      to: "dueDateEndAt",
      toBound: "inclusive",
    },
    {
      kind: "dateRange",
      label: "Period starts",
      from: "periodStartAtOrAfter",
      to: "periodStartBefore",
      toBound: "exclusive",
    },
    {
      kind: "boolean",
      key: "hasOutstandingBalance",
      label: "Outstanding",
      yes: "Has an outstanding balance",
      no: "Fully paid",
    },
    {
      kind: "boolean",
      key: "hasAppliedPayments",
      label: "Payments",
      yes: "Has payments applied",
      no: "No payments applied",
    },
    {
      kind: "boolean",
      key: "hasUncoveredBalance",
      label: "Uncovered",
      yes: "Not covered by payments (pending included)",
      no: "Covered by payments (pending included)",
    },
  ],
  orderFields: ["issuedAt"],
  maxOrderFields: 1,
  // The table's columns (the `columns` parameter, lib/lists/columns.ts).
  columns: [
    "number",
    "customer",
    "contract",
    "status",
    "total",
    "remaining",
    "dueAt",
    "issuedAt",
    "paidAt",
    "applied",
    "period",
    "delivery",
  ],
  // Newest first: the API's own default (creation order, oldest first) opened on 2020.
  // Drafts sort by their period start (docs/api.md, invoices orderBy).
  defaults: { orderBy: "issuedAt:DESC" },
  // What happened last: drafts planned years ahead stay under Upcoming and Needs approval.
  opening: { statuses: ["ISSUED"] },
});
