import { UUID_PATTERN } from "@/lib/api/enums";
import { MAX_NAMESAKE_IDS, MAX_SEARCH_LENGTH, SEARCH_KINDS, type SearchKind } from "./types";

/** What a search asks for: the text, and which indexes. */
export interface SearchRequest {
  text: string;
  kinds: SearchKind[];
}

const KNOWN = ["q", "in"];

/**
 * Reads `GET /api/search`'s query: `q`, the text (1 to 200 characters once trimmed,
 * no control characters), and `in`, `invoices` or `customers` (both when left out).
 * Every problem is named, one issue each, as the API names its own.
 */
export function readSearchQuery(search: URLSearchParams): SearchRequest | { issues: string[] } {
  const issues: string[] = [];
  for (const name of new Set(search.keys()))
    if (!KNOWN.includes(name)) issues.push(`${name}: unknown parameter`);
    else if (search.getAll(name).length > 1) issues.push(`${name}: given more than once`);
  const text = (search.get("q") ?? "").trim();
  if (!search.has("q")) issues.push("q: required, the text to search for");
  else if (text === "") issues.push("q: must hold something to search for");
  else if (text.length > MAX_SEARCH_LENGTH)
    issues.push(`q: at most ${MAX_SEARCH_LENGTH} characters`);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  else if (/[\u0000-\u001f\u007f-\u009f]/.test(text))
    issues.push("q: must not hold control characters");
  const kind = search.get("in");
  if (kind !== null && !(SEARCH_KINDS as readonly string[]).includes(kind))
    issues.push(`in: must be ${SEARCH_KINDS.join(" or ")}`);
  if (issues.length > 0) return { issues };
  return { text, kinds: kind ? [kind as SearchKind] : [...SEARCH_KINDS] };
}

/**
 * Reads `GET /api/search/namesakes`' query: `ids`, 1 to 100 customer ids, comma
 * separated; every problem named, one issue each.
 */
export function readNamesakesQuery(
  search: URLSearchParams,
): { ids: string[] } | { issues: string[] } {
  const issues: string[] = [];
  for (const name of new Set(search.keys()))
    if (name !== "ids") issues.push(`${name}: unknown parameter`);
    else if (search.getAll(name).length > 1) issues.push(`${name}: given more than once`);
  const raw = search.get("ids");
  const ids = raw === null ? [] : raw.split(",");
  if (raw === null) issues.push("ids: required, the customers' ids, comma separated");
  else if (ids.length > MAX_NAMESAKE_IDS) issues.push(`ids: at most ${MAX_NAMESAKE_IDS}`);
  else if (!ids.every((id) => UUID_PATTERN.test(id))) issues.push("ids: each must be a uuid");
  if (issues.length > 0) return { issues };
  return { ids: [...new Set(ids.map((id) => id.toLowerCase()))] };
}
