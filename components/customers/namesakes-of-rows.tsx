"use client";

import { useQuery } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useCallback, useMemo, useState } from "react";
import { namesakesQueryOptions } from "@/lib/search/client";
import { NamesakesContext } from "./namesakes";

type Emails = Record<string, string>;
type Pages = readonly { data: readonly { customerId: string | null }[] }[];

// TanStack Query's useQueries for the pages read after the first: not in the list's first load.
const LaterPagesNamesakes = lazy(() => import("./later-pages-namesakes"));

const sameEmails = (a: Emails, b: Emails) => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((id) => a[id] === b[id]);
};

/**
 * A list naming customers in its rows (invoices, payments) carries their names but
 * not their e-mails: one ask a page of rows of the server's customer index (no API
 * read) says which share a name with another customer, and their e-mails, for the
 * rows' cells to show under the name. The first page's answer comes with the
 * server's HTML; the later pages' asks load with the second page.
 */
export function NamesakesOfRows({
  pages,
  children,
}: {
  pages: Pages | undefined;
  children: ReactNode;
}) {
  const first = useQuery(namesakesQueryOptions(pages?.[0]?.data ?? []));
  const [later, setLater] = useState<Emails>({});
  const onLater = useCallback(
    (next: Emails) => setLater((held) => (sameEmails(held, next) ? held : next)),
    [],
  );
  const emails = useMemo(() => ({ ...first.data?.emails, ...later }), [first.data, later]);
  return (
    <NamesakesContext value={emails}>
      {children}
      {pages && pages.length > 1 ? (
        <Suspense fallback={null}>
          <LaterPagesNamesakes pages={pages.slice(1)} onEmails={onLater} />
        </Suspense>
      ) : null}
    </NamesakesContext>
  );
}
