/** Fixed word lists for the demo data (drawn from by the seeded generators). */

export const MONTH_ABBR = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec",
] as const;

export const PRODUCTS = [
  "Platform subscription",
  "Enterprise support",
  "Analytics suite",
  "Data pipeline",
  "Growth plan",
  "Premium plan",
  "Managed hosting",
  "Compliance package",
  "Observability bundle",
  "API access",
] as const;

export const PLATFORM_FEES = [
  "Platform fee",
  "Platform fee",
  "Platform fee",
  "Base subscription",
  "Hosting fee",
] as const;

export const ADD_ONS = [
  "Premium support",
  "Data storage (500 GB)",
  "Data storage (2 TB)",
  "API calls (10M / month)",
  "Single sign-on add-on",
  "Audit log retention",
  "Dedicated success manager",
] as const;

export const ONE_TIME = [
  "Onboarding",
  "Onboarding",
  "Implementation services",
  "Data migration",
] as const;

export const SEAT_PRICES = [12, 15, 20, 25, 35, 45, 60] as const;

export const CONTRACT_NOTES = [
  "Renewal owner: account management.",
  "Signed via the procurement portal; PO required on invoices.",
  "Multi-year deal with an annual price review.",
  "Migrated from the legacy billing system.",
  "10% discount agreed for the first term.",
  "Custom SLA attached to the order form.",
  "Customer asked for invoices on the first business day.",
] as const;

export const INVOICE_NOTES = [
  "Customer asked for the PO number on the invoice.",
  "Check the seat count before approving.",
  "Hold until the signed order form arrives.",
  "Upload a copy to the customer's procurement portal.",
  "Price increase agreed at the last renewal.",
  "Credit from last quarter already reflected in the amounts.",
] as const;

export const CUSTOMER_NOTES = [
  "Key account: route billing questions to the account manager.",
  "Prefers one consolidated invoice per quarter.",
  "PO required on every invoice.",
  "Pays by wire; remittance advice arrives by email.",
  "Migrated from the legacy billing system.",
  "Finance team is in CET; call before noon.",
  "Annual budget review every October.",
] as const;

export const BILLING_PREFIXES = [
  "billing",
  "accounts",
  "ap",
  "finance",
  "invoices",
  "payables",
] as const;

export const TLDS = [".com", ".com", ".com", ".io", ".co", ".net"] as const;

export const TEAM_MAILBOXES = ["finance-ops", "billing-team", "ar", "controller"] as const;
