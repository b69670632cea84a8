import type { Metadata } from "next";
import Link from "@/components/layout/link";

export const metadata: Metadata = { title: "Not found" };

export default function NotFound() {
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="text-2xl font-semibold tracking-tight">Page not found</h1>
      <p className="mt-3 text-fg-muted">Nothing lives at this address.</p>
      <ul className="mt-6 flex flex-wrap gap-4 text-sm">
        <li>
          <Link href="/" className="text-accent underline">
            Home
          </Link>
        </li>
        <li>
          <Link href="/invoices" className="text-accent underline">
            Invoices
          </Link>
        </li>
        <li>
          <Link href="/customers" className="text-accent underline">
            Customers
          </Link>
        </li>
      </ul>
    </main>
  );
}
