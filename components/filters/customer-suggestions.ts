/**
 * Customer suggestions, as the customer picker and the command palette show them:
 * enough to tell same-named customers apart (billing e-mail, health, what they owe),
 * and a count that says when more match than are shown.
 */
import { browserFetcher, type CustomerRecord, fetchListPage } from "@/lib/api/client";
import { formatMoneyByCurrency, humanize } from "@/lib/format";

/** Suggestions shown at once; more means "keep typing". */
export const SHOWN_SUGGESTIONS = 8;
/**
 * Customers read to count the matches: the API's largest page. It gives no total, so
 * beyond one page the count says "100+" (docs/api.md, limit: 1 to 100).
 */
const COUNTED_SUGGESTIONS = 100;

export interface CustomerSuggestions {
  term: string;
  /** the first `SHOWN_SUGGESTIONS` matches, by name */
  shown: CustomerRecord[];
  /** matches counted, at most one page */
  counted: number;
  /** more match than were counted */
  more: boolean;
}

/** The customers whose name contains `term`, by name: one page of 100, the first 8 shown. */
export async function searchCustomers(
  term: string,
  signal?: AbortSignal,
): Promise<CustomerSuggestions> {
  const query = new URLSearchParams({
    search: term,
    limit: String(COUNTED_SUGGESTIONS),
    orderBy: "name:ASC",
  });
  const page = await fetchListPage(
    browserFetcher,
    "customers",
    query.toString(),
    undefined,
    signal,
  );
  return {
    term,
    shown: page.data.slice(0, SHOWN_SUGGESTIONS),
    counted: page.data.length,
    more: page.hasMore,
  };
}

/**
 * Suggestions found for an earlier text that still match `typed` (the name contains
 * it, ignoring case): what the picker shows until the search for `typed` answers. A
 * stricter test than the API's own (which may also fold accents), so it hides a few
 * for a moment at worst, and never shows one that does not match.
 */
export function stillMatching(customers: CustomerRecord[], typed: string): CustomerRecord[] {
  const wanted = typed.toLocaleLowerCase();
  return customers.filter((customer) => customer.name.toLocaleLowerCase().includes(wanted));
}

/** "No customer named like “x”", "3 customers", "8 of 23, keep typing", "8 of 100+, keep typing". */
export function suggestionCount(s: CustomerSuggestions): string {
  if (s.counted === 0) return `No customer named like “${s.term}”`;
  const total = s.more ? `${s.counted}+` : String(s.counted);
  if (s.shown.length < s.counted || s.more) return `${s.shown.length} of ${total}, keep typing`;
  return `${s.counted} customer${s.counted === 1 ? "" : "s"}`;
}

/** What tells a customer apart from another of the same name: "ar@x.com · Healthy · owes $1,200.00". */
export function customerDetail(customer: CustomerRecord): string {
  const owing = Object.fromEntries(
    Object.entries(customer.outstandingIssuedAmount).filter(([, money]) => money.value !== 0),
  );
  const owed = formatMoneyByCurrency(owing);
  return [
    customer.billingEmail,
    humanize(customer.contractHealth),
    owed.length > 0 ? `owes ${owed.join(" + ")}` : "owes nothing",
  ].join(" · ");
}
