/**
 * What `npm run check-api` (and the key page's check) finds, as plain data: the
 * command line prints it, the shared store keeps the last one, the key page shows
 * it. Types and small pure helpers only, so the browser can import it.
 */

/** The check's requests over HTTP say what they are (an API's operators see them in their logs). */
export const CHECK_USER_AGENT = "invoicing-dashboard check-api";

/**
 * - works: the dashboard gets what it reads.
 * - harmless: differs, but every page still works (an extra field, an unknown enum
 *   value shown as it is, an error answered in another shape).
 * - breaks: a page or a feature of one would fail, or show the wrong rows.
 * - skipped: not probed (the key lacks the claim, the list itself fails, …).
 */
export type Outcome = "works" | "harmless" | "breaks" | "skipped";

/** A dashboard page a difference reaches, and which of its features. */
export interface Affected {
  /** the page's route pattern: "/invoices", "/customers/[id]", "*" for every page */
  page: string;
  /** the page's name: "Invoices", "Customer page" */
  label: string;
  features: string[];
}

export interface CheckItem {
  /** which part of the check: health, key, list, filter, order, page size, cursor, record, errors */
  group: string;
  /** "GET /invoices" */
  route: string;
  /** what was sent besides the route (a query, "no key"), never the key */
  probe: string;
  outcome: Outcome;
  /** what works or how it differs, in one line */
  finding: string;
  affects: Affected[];
}

export type Verdict = "works" | "harmless" | "breaks";

export interface CheckResult {
  version: 1;
  /** where the API is, for people: a URL without credentials, or "the built-in API" */
  api: string;
  startedAt: string;
  finishedAt: string;
  /** requests sent to the API */
  requests: number;
  verdict: Verdict;
  items: CheckItem[];
  /** who ran it: the command line or the dashboard's key page */
  ranBy: "command line" | "dashboard";
}

export function verdictOf(items: readonly CheckItem[]): Verdict {
  if (items.some((i) => i.outcome === "breaks")) return "breaks";
  if (items.some((i) => i.outcome === "harmless")) return "harmless";
  return "works";
}

/** 0 when everything works or only harmless differences were found, 1 when a page would fail. */
export function exitCodeOf(verdict: Verdict): 0 | 1 {
  return verdict === "breaks" ? 1 : 0;
}

export function countOutcomes(items: readonly CheckItem[]): Record<Outcome, number> {
  const counts: Record<Outcome, number> = { works: 0, harmless: 0, breaks: 0, skipped: 0 };
  for (const item of items) counts[item.outcome] += 1;
  return counts;
}

/** The verdict in one sentence, the same on the command line and the key page. */
export function verdictSentence(result: Pick<CheckResult, "verdict" | "items">): string {
  const n = countOutcomes(result.items);
  const plural = (count: number, one: string, many: string) =>
    `${count} ${count === 1 ? one : many}`;
  if (result.verdict === "breaks")
    return `${plural(n.breaks, "difference would make a page fail", "differences would make pages fail")}${
      n.harmless > 0 ? `; ${plural(n.harmless, "harmless difference", "harmless differences")}` : ""
    }.`;
  if (result.verdict === "harmless")
    return `Every page works; ${plural(n.harmless, "harmless difference", "harmless differences")} (shown as they are, nothing fails).`;
  return "Everything the dashboard reads works.";
}

/** Where the affected pages are, in one line: "Invoices (/invoices): Status filter; Home (/): overdue figure". */
export function describeAffected(affects: readonly Affected[]): string {
  return affects
    .map((a) => {
      const where = a.page === "*" ? a.label : `${a.label} (${a.page})`;
      return a.features.length > 0 ? `${where}: ${a.features.join(", ")}` : where;
    })
    .join("; ");
}
