import type { ReactNode } from "react";
import type { CustomerRecord } from "@/lib/api/client";
import { formatMoneyByCurrency } from "@/lib/format";
import { customerInvoicesHref } from "@/lib/lists/customer-invoices";

/**
 * "Unpaid invoices of <customer>" for each customer found that owes something: the
 * Invoices list's Unpaid view with the customer chosen, one step from a name typed.
 */
export function unpaidInvoiceJumps(
  customers: CustomerRecord[],
): { id: string; href: string; name: string; content: ReactNode }[] {
  return customers.flatMap((customer) => {
    const owed = formatMoneyByCurrency(
      Object.fromEntries(
        Object.entries(customer.outstandingIssuedAmount).filter(([, money]) => money.value !== 0),
      ),
    );
    if (owed.length === 0) return [];
    const name = `Unpaid invoices of ${customer.name}`;
    return [
      {
        id: `unpaid ${customer.id}`,
        href: customerInvoicesHref(customer.id, "unpaid"),
        name,
        content: (
          <>
            <span className="min-w-0">{name}</span>
            <span className="ml-auto shrink-0 text-right text-xs text-fg-muted tabular-nums">
              owes {owed.join(" + ")}
            </span>
          </>
        ),
      },
    ];
  });
}
