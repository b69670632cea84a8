"use client";

import { usePathname, useSearchParams } from "next/navigation";
import Link from "@/components/layout/link";
import { savedViewHref } from "@/lib/saved-views/schema";
import { useSavedViews } from "./use-saved-views";

/** The person's saved views in the navigation: each its plain URL, the one on screen marked. */
export function SavedViewsNav() {
  const { views } = useSavedViews();
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const here = `${pathname}${search ? `?${search}` : ""}`;
  return (
    <section aria-labelledby="saved-views-heading" className="mt-2 flex flex-col gap-0.5">
      <div className="flex items-baseline justify-between px-3">
        <h2
          id="saved-views-heading"
          className="text-xs font-semibold uppercase tracking-wide text-fg-muted"
        >
          Saved views
        </h2>
        <Link href="/views" className="text-xs text-accent underline">
          Manage
        </Link>
      </div>
      {views.length === 0 ? (
        <p className="px-3 py-1 text-xs text-fg-muted">
          None yet: “Save view” above a list keeps one.
        </p>
      ) : (
        <ul className="flex flex-col gap-0.5">
          {views.map((view) => {
            const href = savedViewHref(view);
            const current = href === here;
            return (
              <li key={view.id}>
                <Link
                  href={href}
                  aria-current={current ? "page" : undefined}
                  className={`block truncate rounded-md px-3 py-1.5 text-sm ${
                    current ? "bg-inverse text-inverse-fg" : "text-fg hover:bg-surface-strong"
                  }`}
                  title={view.name}
                >
                  {view.name}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
