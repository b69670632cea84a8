/**
 * The API's enumerations as docs/api.md spells them, written out once for the tests
 * that check the built-in API against the documents. They are the tests' own copy,
 * not read from lib/api/enums.ts: a value the code dropped or misspelt must fail them.
 */
export const SPEC_INVOICE_STATUSES = ["DRAFT", "APPROVED", "ISSUING", "ISSUED", "VOIDED"] as const;
export const SPEC_LIFECYCLE_STATUSES = [
  "DRAFT",
  "ACTIVE",
  "EXPIRED",
  "CANCELLED",
  "DELETED",
] as const;
/** The health table, in its order (the first row a customer's contracts match wins). */
export const SPEC_CONTRACT_HEALTHS = [
  "RENEWAL_DUE",
  "ENDING",
  "HEALTHY",
  "UPCOMING",
  "NO_ACTIVE_CONTRACT",
  "DRAFT_ONLY",
  "NO_CONTRACTS",
] as const;
export const SPEC_FREQUENCIES = ["MONTHLY", "QUARTERLY", "SEMI_ANNUAL", "ANNUAL"] as const;

/** The invoice list's date filters (docs/api.md): each an instant or a calendar day. */
export const SPEC_INVOICE_DATE_PARAMETERS = [
  "issueDateStartAt",
  "issueDateEndAt",
  "dueDateStartAt",
  "dueDateEndAt",
  "periodStartAtOrAfter",
  "periodStartBefore",
] as const;

/** Every query parameter each list route knows (docs/api.md, with docs/readings.md, Parameter names). */
export const SPEC_LIST_PARAMETERS = {
  "/invoices": [
    "customerId",
    "customerIds",
    "contractId",
    "statuses",
    "needsApproval",
    ...SPEC_INVOICE_DATE_PARAMETERS,
    "hasOutstandingBalance",
    "hasAppliedPayments",
    "hasUncoveredBalance",
    "orderBy",
    "startingAfter",
    "endingBefore",
    "limit",
  ],
  "/customers": [
    "search",
    "subscriptionFrequency",
    "contractHealths",
    "orderBy",
    "startingAfter",
    "endingBefore",
    "limit",
  ],
  "/contracts": [
    "customerIds",
    "statuses",
    "processingInvoices",
    "startingAfter",
    "endingBefore",
    "limit",
  ],
  "/payments": [
    "customerId",
    "isAttributed",
    "hasUnappliedAmount",
    "orderBy",
    "startingAfter",
    "endingBefore",
    "limit",
  ],
} as const;

/** The fields each list orders by (`orderBy`, docs/api.md; contracts have no order). */
export const SPEC_ORDER_FIELDS = {
  "/invoices": ["issuedAt"],
  "/customers": [
    "name",
    "contractHealth",
    "coverageContractStartAt",
    "contractValueAmount",
    "remainingToInvoiceAmount",
    "createdAt",
  ],
  "/payments": [
    "receivedDate",
    "customerName",
    "amountCents",
    "bankFeeAmountCents",
    "appliedAmountCents",
    "unappliedAmountCents",
  ],
} as const;
