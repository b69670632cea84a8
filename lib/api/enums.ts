/**
 * The API's enumerations and identifier rule, without zod: shared by the server
 * schemas and by browser code, which must not carry a validation library.
 */
export const CURRENCY_CODES = ["USD", "CAD", "EUR", "USDC"] as const;
export const INVOICE_STATUSES = ["DRAFT", "APPROVED", "ISSUING", "ISSUED", "VOIDED"] as const;
export const DELIVERY_METHODS = ["EMAIL", "MANUAL"] as const;
export const USER_ROLES = ["ADMIN", "MEMBER"] as const;
/** In the order of the spec's health table: the first one a contract is in wins. */
export const CONTRACT_HEALTHS = [
  "RENEWAL_DUE",
  "ENDING",
  "HEALTHY",
  "UPCOMING",
  "NO_ACTIVE_CONTRACT",
  "DRAFT_ONLY",
  "NO_CONTRACTS",
] as const;
export const LIFECYCLE_STATUSES = ["DRAFT", "ACTIVE", "EXPIRED", "CANCELLED", "DELETED"] as const;
export const AMENDMENT_STATUSES = ["DRAFT", "FINALIZED", "VOIDED"] as const;
export const AMENDMENT_TYPES = ["ORIGINAL", "MODIFICATION", "RENEWAL"] as const;
export const PAYMENT_TYPES = ["CASH", "CARD"] as const;
export const SUBSCRIPTION_FREQUENCIES = ["MONTHLY", "QUARTERLY", "SEMI_ANNUAL", "ANNUAL"] as const;
export const CLAIMS = [
  "invoices:read",
  "customers:read",
  "contracts:read",
  "payments:read",
] as const;

export type CurrencyCode = (typeof CURRENCY_CODES)[number];
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export type ContractHealth = (typeof CONTRACT_HEALTHS)[number];
export type LifecycleStatus = (typeof LIFECYCLE_STATUSES)[number];
export type SubscriptionFrequency = (typeof SUBSCRIPTION_FREQUENCIES)[number];
export type Claim = (typeof CLAIMS)[number];

/**
 * Spec: 8-4-4-4-12 hex, version 1-8, variant 8/9/a/b, either case; nil and max too.
 * Both cases are written out rather than flagged: the OpenAPI document carries the
 * pattern's source, and a flag would not reach clients built from it.
 */
export const UUID_PATTERN =
  /^(?:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|0{8}-0{4}-0{4}-0{4}-0{12}|[fF]{8}-[fF]{4}-[fF]{4}-[fF]{4}-[fF]{12})$/;

export const INVOICE_ORDER_FIELDS = ["issuedAt"] as const;
export const CUSTOMER_ORDER_FIELDS = [
  "name",
  "contractHealth",
  "coverageContractStartAt",
  "contractValueAmount",
  "remainingToInvoiceAmount",
  "createdAt",
] as const;
export const PAYMENT_ORDER_FIELDS = [
  "receivedDate",
  "customerName",
  "amountCents",
  "bankFeeAmountCents",
  "appliedAmountCents",
  "unappliedAmountCents",
] as const;
