/**
 * What `GET /api/search` answers, shared by the server and the browser (no zod, no
 * server modules).
 */
import type { CustomerRecord } from "@/lib/api/client";

/** One invoice as the number index holds it: enough to tell it apart and open it. */
export interface InvoiceMatch {
  id: string;
  number: string;
  customerId: string;
  customerName: string | null;
  status: string;
  total: { value: number; currencyCode: string };
  /** when it was issued; null until then */
  issuedAt: string | null;
  /** its period's first day: when an unissued invoice is planned to issue */
  periodStartAt: string;
}

/** How far the number index has got. */
export interface InvoiceIndexStatus {
  /** `building`: the first walk runs (what it read so far is searched); `ready`: every invoice is in */
  state: "waiting" | "building" | "ready";
  /** invoices in the index */
  invoices: number;
  /** during the first build: the creation time of the last invoice read (the walk goes oldest first) */
  reachedCreatedAt: string | null;
  /** when the index was last brought up to date (the first build's end, then each refresh) */
  asOf: string | null;
  /** the last walk failed: why (it is tried again) */
  error: string | null;
  /** API pages the first build has read (all of them once it is ready) */
  pages: number;
  /** what the last refresh cost: API pages and milliseconds; null before the first */
  lastRefresh: { pages: number; ms: number } | null;
}

/** The invoices whose number holds what was typed. */
export interface InvoiceSearchAnswer {
  /** what was searched for: the typed number, upper-cased */
  term: string;
  /** the best matches: the number itself, then numbers ending, starting with, holding it */
  shown: InvoiceMatch[];
  /** matches counted, at most the cap */
  counted: number;
  /** more match than were counted */
  more: boolean;
  index: InvoiceIndexStatus;
}

/** How customers were searched: the index of every customer, or the API's name search while it is built. */
export interface CustomerIndexStatus {
  state: "waiting" | "ready";
  /** when the customers were last read */
  asOf: string | null;
  error: string | null;
}

/** The customers every typed word, or the typed address, finds. */
export interface CustomerSearchAnswer {
  term: string;
  /** the first matches by name */
  shown: CustomerRecord[];
  counted: number;
  more: boolean;
  /** `name`: every word found in the name; `email`: an address holds what was typed */
  matchedBy: Record<string, "name" | "email">;
  index: CustomerIndexStatus;
}

/**
 * `GET /api/search/namesakes?ids=…`: of the customers asked for, those whose name
 * another customer bears too, with their billing e-mails (none until the customer
 * index is read).
 */
export interface NamesakesAnswer {
  emails: Record<string, string>;
  index: CustomerIndexStatus;
}

/** The most customers one namesakes request asks about: a page of the lists. */
export const MAX_NAMESAKE_IDS = 100;

export interface SearchAnswer {
  invoices?: InvoiceSearchAnswer;
  customers?: CustomerSearchAnswer;
  /** an index that could not be searched while the other could (a key without customers:read) */
  failed?: Partial<Record<SearchKind, { code: string | null; message: string }>>;
}

/** What can be searched: `GET /api/search?q=…&in=invoices|customers` (both when `in` is left out). */
export const SEARCH_KINDS = ["invoices", "customers"] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** The longest text searched: longer is no name or number anyone types. */
export const MAX_SEARCH_LENGTH = 200;
/** Matches shown at once; more means "keep typing". */
export const SHOWN_MATCHES = 8;
/** Matches counted beyond those shown, as the API's largest page ("100+" beyond it). */
export const COUNTED_MATCHES = 100;
