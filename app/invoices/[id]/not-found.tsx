import Link from "@/components/layout/link";

export default function InvoiceNotFound() {
  return (
    <main id="main" className="mx-auto max-w-xl px-6 py-16">
      <h1 className="text-2xl font-semibold tracking-tight">Invoice not found</h1>
      <p className="mt-3 text-fg-muted">
        No invoice of this business has that id. It may belong to another business, or the link may
        be mistyped.
      </p>
      <p className="mt-6">
        <Link
          href="/invoices"
          className="rounded-md bg-inverse px-3 py-1.5 text-sm text-inverse-fg hover:opacity-90"
        >
          Back to invoices
        </Link>
      </p>
    </main>
  );
}
