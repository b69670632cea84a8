import type { CustomerRecord } from "@/lib/api/client";
import { formatMoneyByCurrency, humanize } from "@/lib/format";
import { emailTerm } from "@/lib/search/fold";

/**
 * What tells a customer apart from another of the same name: "ar@x.com · Healthy ·
 * owes $1,200.00". Found by a copied address (`typed`), that address is named too.
 */
export function customerDetail(customer: CustomerRecord, typed?: string): string {
  const owing = Object.fromEntries(
    Object.entries(customer.outstandingIssuedAmount).filter(([, money]) => money.value !== 0),
  );
  const owed = formatMoneyByCurrency(owing);
  const email = typed ? emailTerm(typed) : null;
  const copied =
    email && !customer.billingEmail.toLowerCase().includes(email)
      ? customer.invoiceCcEmails.find((a) => a.toLowerCase().includes(email))
      : undefined;
  return [
    customer.billingEmail,
    ...(copied ? [`copied to ${copied}`] : []),
    humanize(customer.contractHealth),
    owed.length > 0 ? `owes ${owed.join(" + ")}` : "owes nothing",
  ].join(" · ");
}
