import "server-only";
import { type CustomerRecord, type Fetcher, fetchListPage } from "@/lib/api/client";
import { customerMatch, customerQuery, customerRow } from "./customer-index";
import { COUNTED_MATCHES, SHOWN_MATCHES } from "./types";

/**
 * The longest word typed as the API's `search` takes it (punctuation around it
 * dropped, its own case and accents kept: the API compares them itself).
 */
export function narrowingWord(text: string): string | null {
  const words = text
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ""))
    .filter((word) => word.length > 0);
  return words.reduce<string | null>((a, b) => (a && a.length >= b.length ? a : b), null);
}

/**
 * Customers by name before the customer index is read (a first start): one page of
 * the API's own search for the longest word typed, the other words checked here.
 * Addresses cannot be searched this way.
 */
export async function searchCustomersByApi(fetcher: Fetcher, text: string, signal?: AbortSignal) {
  const word = narrowingWord(text);
  const found = {
    shown: [] as CustomerRecord[],
    counted: 0,
    more: false,
    matchedBy: {} as Record<string, "name" | "email">,
  };
  if (!word) return found;
  const query = new URLSearchParams({
    search: word.slice(0, 200),
    limit: String(COUNTED_MATCHES),
    orderBy: "name:ASC",
  });
  const page = await fetchListPage(fetcher, "customers", query.toString(), undefined, signal);
  const wanted = { ...customerQuery(text), email: null };
  for (const customer of page.data) {
    const row = customerRow(customer, "");
    if (!customerMatch(wanted, row.folded, row.addresses)) continue;
    found.counted += 1;
    if (found.shown.length < SHOWN_MATCHES) {
      found.shown.push(customer);
      found.matchedBy[customer.id] = "name";
    }
  }
  // A full page may hold more beyond it; what it held is all that was checked.
  found.more = page.hasMore;
  return found;
}
