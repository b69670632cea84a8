import "server-only";
import type { CustomerRecord } from "@/lib/api/client";
import { emailTerm, foldText, hasEveryWord, searchWords } from "./fold";
import { COUNTED_MATCHES, SHOWN_MATCHES } from "./types";

/**
 * Every customer, searched by the words of its name (in any order, case, accents and
 * punctuation aside) and by its addresses (billing and copied). The API's own search
 * takes one piece of a name and no address; narrowing with it and filtering the rest
 * here would read hundreds of pages for a common word ("and": 209 pages of 100 at
 * 50,000 customers), so the whole list is read in the background instead (about 500
 * pages at that size) and kept, as the number index is.
 *
 * Each record is kept as the API's JSON text (the search answers whole records, which
 * the customer picker names its chips from), beside its folded name and addresses.
 */
export interface CustomerRow {
  id: string;
  name: string;
  folded: string;
  /** billing and copied addresses, lower-cased, one a line */
  addresses: string;
  json: string;
}

export interface CustomerFound {
  shown: CustomerRecord[];
  counted: number;
  more: boolean;
  matchedBy: Record<string, "name" | "email">;
}

/** What tells the words typed from an address typed. */
export interface CustomerQuery {
  words: string[];
  email: string | null;
}

export function customerQuery(text: string): CustomerQuery {
  return { words: searchWords(text), email: emailTerm(text) };
}

/** How the customer matches the query, or null. */
export function customerMatch(
  query: CustomerQuery,
  foldedName: string,
  addresses: string,
): "name" | "email" | null {
  if (query.words.length > 0 && hasEveryWord(foldedName, query.words)) return "name";
  if (query.email && addresses.includes(query.email)) return "email";
  return null;
}

/** A customer as the index keeps it; `json`: its record as read, when at hand. */
export function customerRow(record: CustomerRecord, json = JSON.stringify(record)): CustomerRow {
  return {
    id: record.id,
    name: record.name,
    folded: foldText(record.name),
    addresses: [record.billingEmail, ...record.invoiceCcEmails].join("\n").toLowerCase(),
    json,
  };
}

/** By name as the API orders `name:ASC` (code points, then id): same-named customers side by side. */
const byName = (a: CustomerRow, b: CustomerRow) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

export class CustomerIndex {
  private readonly rows: CustomerRow[];
  /** the billing e-mail of each customer another customer shares its name with, made on first use */
  private namesakes: Map<string, string> | null = null;

  private constructor(rows: CustomerRow[]) {
    this.rows = rows;
  }

  get count(): number {
    return this.rows.length;
  }

  /** From rows in any order (customerRow of each record read). */
  static fromRows(rows: CustomerRow[]): CustomerIndex {
    return new CustomerIndex(rows.sort(byName));
  }

  /** From the store's form: one record's JSON a line, in name order. */
  static fromStored(text: string): CustomerIndex {
    const rows = text
      .split("\n")
      .filter((line) => line !== "")
      .map((json) => customerRow(JSON.parse(json) as CustomerRecord, json));
    return new CustomerIndex(rows);
  }

  toStored(): string {
    return this.rows.map((row) => row.json).join("\n");
  }

  /**
   * Of `ids`, those whose name another customer bears too, each with its billing
   * e-mail: what tells them apart in a list that names customers.
   */
  namesakeEmails(ids: Iterable<string>): Record<string, string> {
    this.namesakes ??= namesakesOf(this.rows);
    const emails: Record<string, string> = {};
    for (const id of ids) {
      const email = this.namesakes.get(id);
      if (email !== undefined) emails[id] = email;
    }
    return emails;
  }

  /** The customers found for `text`, by name; counted up to `cap`. */
  find(text: string, shown = SHOWN_MATCHES, cap = COUNTED_MATCHES): CustomerFound {
    const query = customerQuery(text);
    const found: CustomerFound = { shown: [], counted: 0, more: false, matchedBy: {} };
    if (query.words.length === 0 && !query.email) return found;
    for (const row of this.rows) {
      const how = customerMatch(query, row.folded, row.addresses);
      if (!how) continue;
      if (found.counted === cap) {
        found.more = true;
        break;
      }
      found.counted += 1;
      if (found.shown.length < shown) {
        const record = JSON.parse(row.json) as CustomerRecord;
        found.shown.push(record);
        found.matchedBy[record.id] = how;
      }
    }
    return found;
  }
}

/** Same-named customers stand side by side in name order: each run of one name longer than one. */
function namesakesOf(rows: CustomerRow[]): Map<string, string> {
  const found = new Map<string, string>();
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    if (rows[i - 1]?.name !== row.name && rows[i + 1]?.name !== row.name) continue;
    found.set(row.id, (JSON.parse(row.json) as CustomerRecord).billingEmail);
  }
  return found;
}
