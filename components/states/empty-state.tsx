import Link from "@/components/layout/link";

/** An empty list that says which filters emptied it, and clears them in one click. */
export function EmptyState({
  noun,
  filters,
  clearHref,
}: {
  noun: string;
  filters: string[];
  clearHref: string;
}) {
  return (
    <div className="rounded-md border border-dashed border-line-strong bg-surface p-8 text-center text-sm">
      <p className="font-medium text-fg">No {noun} match these filters.</p>
      {filters.length > 0 ? (
        <>
          <ul className="mt-2 text-fg-muted">
            {filters.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
          <Link
            href={clearHref}
            className="mt-4 inline-block rounded-md bg-accent px-3 py-1.5 text-accent-fg hover:opacity-90"
          >
            Clear all filters
          </Link>
        </>
      ) : (
        <p className="mt-2 text-fg-muted">There are no {noun} yet.</p>
      )}
    </div>
  );
}
