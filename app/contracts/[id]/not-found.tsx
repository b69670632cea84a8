import Link from "@/components/layout/link";

export default function ContractNotFound() {
  return (
    <main id="main" className="mx-auto max-w-xl px-6 py-16">
      <h1 className="text-2xl font-semibold tracking-tight text-fg">Contract not found</h1>
      <p className="mt-3 text-fg-muted">
        No contract of this business has this id among its customer&apos;s contracts. The link may
        be mistyped, or name another business&apos;s contract. A contract with no invoices is found
        through its customer: open it from the customer&apos;s page or the contracts list.
      </p>
      <p className="mt-6">
        <Link
          href="/contracts"
          className="rounded-md bg-accent px-3 py-1.5 text-sm text-accent-fg hover:opacity-90"
        >
          Back to contracts
        </Link>
      </p>
    </main>
  );
}
