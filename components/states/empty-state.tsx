import Link from "next/link";

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
    <div className="rounded-md border border-dashed border-slate-300 bg-white p-8 text-center text-sm">
      <p className="font-medium text-slate-800">No {noun} match these filters.</p>
      {filters.length > 0 ? (
        <>
          <ul className="mt-2 text-slate-600">
            {filters.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
          <Link
            href={clearHref}
            className="mt-4 inline-block rounded-md bg-slate-900 px-3 py-1.5 text-white hover:bg-slate-700"
          >
            Clear all filters
          </Link>
        </>
      ) : (
        <p className="mt-2 text-slate-600">There are no {noun} yet.</p>
      )}
    </div>
  );
}
