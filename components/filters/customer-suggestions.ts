/**
 * Customer suggestions, as the customer picker and the command palette show them:
 * enough to tell same-named customers apart (billing e-mail, health, what they owe),
 * and a count that says when more match than are shown.
 */
import type { CustomerRecord } from "@/lib/api/client";
import { fetchSearch } from "@/lib/search/client";
import { emailTerm, foldText, hasEveryWord, searchWords } from "@/lib/search/fold";
import type { CustomerSearchAnswer } from "@/lib/search/types";

export { customerDetail } from "./customer-detail";

export type CustomerSuggestions = CustomerSearchAnswer;

/**
 * The customers every typed word finds in the name (any order; case, accents and
 * punctuation aside), or whose address holds a typed address or domain: the server's
 * index of every customer, by name, the first 8 shown and up to 100 counted.
 */
export async function searchCustomers(
  term: string,
  signal?: AbortSignal,
): Promise<CustomerSuggestions> {
  const answer = await fetchSearch(term, "customers", signal);
  if (!answer.customers) throw new Error("The search answered without customers.");
  return answer.customers;
}

/** A customer's addresses, billing first, as the search compares them. */
const addressesOf = (c: CustomerRecord) => [c.billingEmail, ...c.invoiceCcEmails];

/**
 * Suggestions found for an earlier text that the server would find for `typed` too
 * (every word in the name, or the address): what stays listed until the search for
 * `typed` answers. The same rule as the server's (lib/search/fold.ts), so it never
 * keeps one the answer then drops.
 */
export function stillMatching(customers: CustomerRecord[], typed: string): CustomerRecord[] {
  const words = searchWords(typed);
  const email = emailTerm(typed);
  return customers.filter(
    (customer) =>
      (words.length > 0 && hasEveryWord(foldText(customer.name), words)) ||
      (email !== null && addressesOf(customer).some((a) => a.toLowerCase().includes(email))),
  );
}

/** "No customer named like “x”", "3 customers", "8 of 23, keep typing", "8 of 100+, keep typing". */
export function suggestionCount(
  s: Pick<CustomerSuggestions, "term" | "counted" | "more" | "shown">,
) {
  if (s.counted === 0)
    return emailTerm(s.term)
      ? `No customer named like “${s.term}” or with that address`
      : `No customer named like “${s.term}”`;
  const total = s.more ? `${s.counted}+` : String(s.counted);
  if (s.shown.length < s.counted || s.more) return `${s.shown.length} of ${total}, keep typing`;
  return `${s.counted} customer${s.counted === 1 ? "" : "s"}`;
}
