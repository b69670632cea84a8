import { LIFECYCLE_STATUSES } from "../api/enums";
import { bool, defineList, multi, parseAsUuidList } from "./define";

export const contractList = defineList({
  parsers: {
    customerIds: parseAsUuidList,
    statuses: multi(LIFECYCLE_STATUSES),
    processingInvoices: bool,
  },
  fields: [
    { kind: "customers", key: "customerIds", label: "Customers" },
    { kind: "multi", key: "statuses", label: "Status", options: LIFECYCLE_STATUSES },
    {
      kind: "boolean",
      key: "processingInvoices",
      label: "Processing",
      yes: "Processing invoices",
      no: "Not processing invoices",
    },
  ],
  orderFields: [],
  maxOrderFields: 0,
  // The table's columns (the `columns` parameter, lib/lists/columns.ts).
  columns: [
    "name",
    "invoices",
    "customer",
    "currency",
    "lifecycleStatus",
    "health",
    "startAt",
    "endAt",
    "cancelsAt",
    "paymentTerms",
    "autoIssue",
    "autoRenew",
    "autoRenewalAt",
    "renewalNoticeDays",
    "processingInvoices",
    "processingInvoicesStartedAt",
    "billables",
    "currentAmendment",
    "futureAmendment",
    "draftAmendment",
    "renewals",
    "createdAt",
    "updatedAt",
    "notes",
  ],
});
