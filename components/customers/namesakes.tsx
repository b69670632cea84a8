"use client";

import { createContext, type ReactNode, useContext } from "react";

/** A customer's name over its billing e-mail: what tells same-named customers apart in a row. */
export function NameOverEmail({ name, email }: { name: ReactNode; email: string | undefined }) {
  if (!email) return name;
  return (
    <span className="-my-1 flex min-w-0 flex-col leading-4">
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

/** The e-mails of the customers on screen that share a name: components/customers/namesakes-of-rows.tsx. */
export const NamesakesContext = createContext<Record<string, string>>({});

/** The billing e-mail of a customer on screen whose name another customer bears too. */
export function useNamesakeEmail(customerId: string | null): string | undefined {
  const emails = useContext(NamesakesContext);
  return customerId ? emails[customerId] : undefined;
}
