"use client";

import { useSearchParams } from "next/navigation";
import Link from "@/components/layout/link";
import { currentQuickView, type QuickView, type QuickViewList } from "@/lib/lists/quick-views";

/**
 * A list's quick views (lib/lists/quick-views.ts) over its filters: links, the one
 * whose filters the URL holds marked as current (a filter changed by hand marks
 * none). Read from the address bar, so a filter set in the list moves the mark too.
 */
export function QuickViews({
  list,
  views,
  label,
}: {
  list: QuickViewList;
  views: QuickView[];
  label: string;
}) {
  const query = useSearchParams().toString();
  const current = currentQuickView(list, views, query);
  return (
    <nav aria-label={label} className="mb-4">
      <ul className="inline-flex max-w-full flex-wrap gap-1 rounded-lg border border-line-strong bg-surface p-1">
        {views.map((view) => {
          const isCurrent = view.id === current;
          return (
            <li key={view.id}>
              <Link
                href={view.query ? `/${list}?${view.query}` : `/${list}`}
                aria-current={isCurrent ? "page" : undefined}
                title={view.description}
                className={`block rounded-md px-3 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-accent ${
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
