"use client";

import { useSearchParams } from "next/navigation";
import { useEffect, useRef } from "react";
import Link from "@/components/layout/link";
import {
  currentQuickViewOf,
  type NamedList,
  type QuickView,
  quickViewHrefOf,
} from "@/lib/lists/quick-view-match";

/**
 * A list's quick views (lib/lists/quick-views.ts) over its filters: links, the one
 * whose filters the URL holds marked as current, also with filters no view sets
 * added (a customer), which each link keeps; a filter of a view's changed by hand
 * marks none. Read from the address bar, so a filter set in the list moves the mark too.
 * Each list renders it with its own definition (its view's module), not all four.
 */
export type QuickViewsProps = Omit<Parameters<typeof QuickViews>[0], "list">;

export function QuickViews({
  list,
  views,
  label,
}: {
  list: NamedList;
  views: QuickView[];
  label: string;
}) {
  const query = useSearchParams().toString();
  const current = currentQuickViewOf(list, views, query);
  const row = useRef<HTMLUListElement>(null);
  // On a phone the row scrolls: the current view is brought into it (Upcoming, last,
  // was off the screen's edge when opened from a link).
  // biome-ignore lint/correctness/useExhaustiveDependencies: again when the current view changes
  useEffect(() => {
    if (row.current) showCurrentView(row.current);
  }, [current]);
  return (
    <nav aria-label={label} className="mb-4">
      {/* One row that scrolls sideways on a phone, as tabs do there (wrapped, six views
          took two rows above the list), a shadow at each edge with more beyond it. */}
      <ul
        ref={row}
        className="inline-flex max-w-full gap-1 rounded-lg border border-line-strong bg-surface p-1 max-sm:scroll-shadows-x max-sm:overflow-x-auto sm:flex-wrap"
      >
        {views.map((view) => {
          const isCurrent = view.id === current;
          return (
            <li key={view.id} className="shrink-0">
              <Link
                href={quickViewHrefOf(list, views, view, query)}
                aria-current={isCurrent ? "page" : undefined}
                title={view.description}
                className={`block whitespace-nowrap rounded-md px-3 py-1 text-sm font-medium max-sm:min-w-11 max-sm:py-3 max-sm:text-center focus-visible:outline-2 focus-visible:outline-accent ${
                  isCurrent
                    ? "bg-inverse text-inverse-fg"
                    : "text-fg-muted hover:bg-surface-muted hover:text-fg"
                }`}
              >
                {view.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Scrolls a quick-view row sideways, never the page, so that its current view shows. */
function showCurrentView(row: HTMLElement) {
  const item = row.querySelector<HTMLElement>("[aria-current=page]");
  if (!item) return;
  const left =
    item.getBoundingClientRect().left - row.getBoundingClientRect().left + row.scrollLeft;
  const right = left + item.offsetWidth;
  if (left < row.scrollLeft) row.scrollLeft = left;
  else if (right > row.scrollLeft + row.clientWidth) row.scrollLeft = right - row.clientWidth;
}
