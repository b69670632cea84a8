/**
 * Placeholders while a list loads: the table's (a query with no page yet) and a whole
 * list page's (the route streaming its first page from the API). No hooks: the page
 * renders them on the server, the table in the browser.
 */

export function TableSkeleton({ label, columns }: { label: string; columns: string[] }) {
  return (
    <div
      role="status"
      aria-label={`Loading ${label}`}
      className="rounded-md border border-line bg-surface"
    >
      <div className="flex gap-3 border-b border-line bg-surface-muted px-3 py-2 text-xs uppercase text-fg-subtle">
        {columns.map((c) => (
          <span key={c} className="flex-1 truncate">
            {c}
          </span>
        ))}
      </div>
      {Array.from({ length: 12 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
        <div key={i} className="flex gap-3 border-b border-line px-3 py-3">
          {columns.map((c) => (
            <span
              key={c}
              className="h-3 flex-1 motion-safe:animate-pulse rounded bg-surface-strong"
            />
          ))}
        </div>
      ))}
    </div>
  );
}

/** Blank headers: the page does not know the list's columns (they live in the browser). */
const BLANK_COLUMNS = ["\u2002", "\u2003", "\u2002\u2002", "\u2003\u2003", "\u2002\u2003"];

/** A table whose columns the server does not know (they live in the browser). */
export function BlankTableSkeleton({ label }: { label: string }) {
  return <TableSkeleton label={label} columns={BLANK_COLUMNS} />;
}

/**
 * A list page before its first page arrives: the filter bar's place, then the table's.
 * `data-list-loading` tells the `/` shortcut that the list's search is on its way.
 */
export function ListPageSkeleton({ label }: { label: string }) {
  return (
    <div data-list-loading="">
      <div aria-hidden="true" className="mb-4 flex flex-wrap items-end gap-x-4 gap-y-3">
        {[160, 260, 140, 200].map((width) => (
          <div key={width}>
            <div className="mb-1 h-3 w-16 motion-safe:animate-pulse rounded bg-surface-strong" />
            <div
              className="h-7 motion-safe:animate-pulse rounded-md bg-surface-strong"
              style={{ width }}
            />
          </div>
        ))}
      </div>
      <div
        aria-hidden="true"
        className="mb-2 h-4 w-48 motion-safe:animate-pulse rounded bg-surface-strong"
      />
      <BlankTableSkeleton label={label} />
    </div>
  );
}
