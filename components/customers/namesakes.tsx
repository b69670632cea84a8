"use client";

import { useQueries } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext } from "react";
import { fetchNamesakes, namesakesQueryKey } from "@/lib/search/client";
import type { NamesakesAnswer } from "@/lib/search/types";

/** A customer's name over its billing e-mail: what tells same-named customers apart in a row. */
export function NameOverEmail({ name, email }: { name: ReactNode; email: string | undefined }) {
  if (!email) return name;
  return (
    <span className="-my-1 flex min-w-0 flex-col leading-[1.1rem]">
      {name}
      <span className="truncate text-xs text-fg-muted" title={email} data-billing-email>
        {email}
      </span>
    </span>
  );
}

/** On a card, after the name or the day: " · its e-mail", for a customer another bears the name of. */
export function NamesakeEmailAfter({ customerId }: { customerId: string | null }) {
  const email = useNamesakeEmail(customerId);
  if (!email) return null;
  return (
    <span data-billing-email title={email}>
      {" "}
      · {email}
    </span>
  );
}

const NamesakesContext = createContext<Record<string, string>>({});

/** The billing e-mail of a customer on screen whose name another customer bears too. */
export function useNamesakeEmail(customerId: string | null): string | undefined {
  const emails = useContext(NamesakesContext);
  return customerId ? emails[customerId] : undefined;
}

/** One set of e-mails from every page's answer (stable: re-run only when an answer changes). */
const allEmails = (results: { data?: NamesakesAnswer }[]): Record<string, string> =>
  Object.assign({}, ...results.map((result) => result.data?.emails ?? {}));

/**
 * A list naming customers in its rows (invoices, payments) carries their names but
 * not their e-mails: one ask a page of rows of the server's customer index (no API
 * read) says which share a name with another customer, and their e-mails, for the
 * rows' cells to show under the name. Asked again once the index is read.
 */
export function NamesakesOfRows({
  pages,
  children,
}: {
  pages: readonly { data: readonly { customerId: string | null }[] }[] | undefined;
  children: ReactNode;
}) {
  const answers = useQueries({
    queries: (pages ?? []).map((page) => {
      const queryKey = namesakesQueryKey(page.data);
      return {
        queryKey,
        queryFn: ({ signal }: { signal: AbortSignal }) => fetchNamesakes(queryKey[1], signal),
        enabled: queryKey[1].length > 0,
        staleTime: (query: { state: { data?: NamesakesAnswer } }) =>
          query.state.data?.index.state === "ready" ? 10 * 60_000 : 30_000,
      };
    }),
    combine: allEmails,
  });
  return <NamesakesContext value={answers}>{children}</NamesakesContext>;
}
