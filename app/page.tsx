import Link from "next/link";

const PLACES = [
  {
    href: "/invoices",
    title: "Invoices",
    text: "Staff browse every invoice: filter by customer, status, dates and balances, open one.",
  },
  {
    href: "/customers?contractHealths=RENEWAL_DUE,ENDING",
    title: "Renewals to review",
    text: "Managers review customers whose contract is due for renewal or ending soon.",
  },
  {
    href: "/invoices?statuses=ISSUED&hasOutstandingBalance=true",
    title: "Unpaid invoices",
    text: "Finance follows issued invoices that still have an outstanding balance.",
  },
  {
    href: "/payments?hasUnappliedAmount=true",
    title: "Unapplied payments",
    text: "Finance finds payments, or their bank fees, not yet applied to an invoice.",
  },
  {
    href: "/customers",
    title: "Customers",
    text: "Every customer by contract health, with what is owed and still to invoice.",
  },
  {
    href: "/contracts",
    title: "Contracts",
    text: "Contracts by customer and status, with their health and amendments.",
  },
  {
    href: "/payments",
    title: "Payments",
    text: "Cash payments received, their applied and unapplied amounts and bank fees.",
  },
  {
    href: "/key",
    title: "API key",
    text: "Which business the dashboard's key reads and which lists it may read.",
  },
];

export default function HomePage() {
  return (
    <main id="main" className="mx-auto max-w-3xl px-6 py-12">
      <h1 className="text-3xl font-semibold tracking-tight">Invoicing</h1>
      <p className="mt-3 text-slate-600">
        Invoices, customers, contracts and payments of your business, read from the Invoicing API.
      </p>
      <ul className="mt-8 grid gap-3 sm:grid-cols-2">
        {PLACES.map((place) => (
          <li key={place.href}>
            <Link
              href={place.href}
              className="block h-full rounded-md border border-slate-200 bg-white p-4 hover:border-slate-400 hover:bg-slate-50"
            >
              <span className="font-medium text-blue-700">{place.title}</span>
              <span className="mt-1 block text-sm text-slate-600">{place.text}</span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-10 text-sm text-slate-600">
        The API&apos;s machine-readable description:{" "}
        <a className="text-blue-700 underline" href="/api/v1/openapi.json">
          /api/v1/openapi.json
        </a>
      </p>
    </main>
  );
}
