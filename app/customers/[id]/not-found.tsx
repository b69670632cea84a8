import Link from "@/components/layout/link";

export default function CustomerNotFound() {
  return (
    <main id="main" className="px-6 py-6">
      <h1 className="text-2xl font-semibold tracking-tight">Customer not found</h1>
      <p className="mt-2 text-sm text-fg-muted">
        No customer of this business has this id. It may have been deleted, belong to another
        business, or the link may be mistyped.
      </p>
      <Link
        href="/customers"
        className="mt-4 inline-block rounded-md bg-inverse px-3 py-1.5 text-sm text-inverse-fg hover:opacity-90"
      >
        Back to customers
      </Link>
    </main>
  );
}
