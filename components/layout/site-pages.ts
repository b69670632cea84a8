/**
 * The dashboard's pages, once: the navigation lists them (marking those the key's
 * claims do not allow) and the command palette jumps to them by label or keyword.
 */
export const SITE_PAGES = [
  { href: "/", label: "Home", keywords: "overview dashboard start", claim: null, inNav: false },
  { href: "/invoices", label: "Invoices", keywords: "bills", claim: "invoices:read", inNav: true },
  {
    href: "/customers",
    label: "Customers",
    keywords: "clients accounts health",
    claim: "customers:read",
    inNav: true,
  },
  {
    href: "/contracts",
    label: "Contracts",
    keywords: "subscriptions agreements",
    claim: "contracts:read",
    inNav: true,
  },
  {
    href: "/payments",
    label: "Payments",
    keywords: "receipts cash",
    claim: "payments:read",
    inNav: true,
  },
  // Aggregate views: each needs the claim of the list it walks first.
  {
    href: "/renewals",
    label: "Renewals",
    keywords: "renewal due ending",
    claim: "customers:read",
    inNav: true,
  },
  {
    href: "/receivables",
    label: "Receivables",
    keywords: "outstanding aging owed overdue",
    claim: "invoices:read",
    inNav: true,
  },
  {
    href: "/receivables/customers",
    label: "Receivables by customer",
    keywords: "aged aging debtors who owes collections statement",
    claim: "invoices:read",
    inNav: true,
  },
  {
    href: "/trends",
    label: "Trends",
    keywords: "monthly invoiced collected dso days to pay slowest payers",
    claim: "invoices:read",
    inNav: true,
  },
  {
    href: "/key",
    label: "API key",
    keywords: "key claims access settings",
    claim: null,
    inNav: false,
  },
] as const;
