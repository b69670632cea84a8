import { connection } from "next/server";
import { CachedInsight } from "@/components/insights/cached-insight";
import { HomeCards } from "@/components/insights/home-cards";
import { HomeChangesInsight } from "@/components/insights/home-changes";
import { HomeValueCard } from "@/components/insights/home-value";
import Link from "@/components/layout/link";
import { requireViewer } from "@/lib/auth/guard";

const PLACES = [
  {
    href: "/renewals",
    title: "Renewals",
    text: "Who is due for renewal or ending, what their terms bill a year, and when contracts end.",
  },
  { href: "/receivables", title: "Receivables", text: "What is owed, by how late, per currency." },
  {
    href: "/trends",
    title: "Trends",
    text: "Invoiced, collected and overdue by month; days to pay and the slowest payers.",
  },
  {
    href: "/invoices",
    title: "Invoices",
    text: "Every invoice: filter by customer, status, dates and balances.",
  },
  {
    href: "/customers",
    title: "Customers",
    text: "Every customer by contract health, with what is owed.",
  },
  {
    href: "/contracts",
    title: "Contracts",
    text: "Contracts by customer and status, with their health.",
  },
  {
    href: "/payments",
    title: "Payments",
    text: "Cash payments, applied and unapplied, and bank fees.",
  },
  {
    href: "/key",
    title: "API key",
    text: "Which business the key reads and which lists it may read.",
  },
];

export default async function HomePage() {
  await requireViewer();
  await connection();
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-6 sm:px-6 sm:py-10">
      <h1 className="text-3xl font-semibold tracking-tight">Invoicing</h1>
      <p className="mt-2 mb-6 text-fg-muted">
        Invoices, customers, contracts and payments of your business, read from the Invoicing API.
      </p>
      <CachedInsight view="home" what="overdue invoices, renewals, drafts and unapplied payments">
        {(shown) => <HomeCards data={shown.parts} reading={shown.reading} />}
      </CachedInsight>
      <div className="mt-6">
        <CachedInsight
          view="renewals"
          what="customers list, once per health state, and the invoices of the terms ending"
          freshnessLabel="Data freshness of the renewal value"
        >
          {(shown) => (
            <HomeValueCard data={shown.parts.renewals?.valueAtStake} reading={shown.reading} />
          )}
        </CachedInsight>
      </div>
      <HomeChangesInsight />
      <h2 className="mt-10 text-lg font-semibold">Everything else</h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">
        {PLACES.map((place) => (
          <li key={place.href}>
            <Link
              href={place.href}
              className="block h-full rounded-md border border-line bg-surface p-3 hover:border-line-strong hover:bg-surface-muted"
            >
              <span className="font-medium text-accent">{place.title}</span>
              <span className="mt-1 block text-sm text-fg-muted">{place.text}</span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-8 text-sm text-fg-muted">
        The API&apos;s machine-readable description:{" "}
        <a className="text-accent underline" href="/api/v1/openapi.json">
          /api/v1/openapi.json
        </a>
      </p>
    </main>
  );
}
