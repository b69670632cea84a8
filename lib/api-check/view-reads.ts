import "server-only";
import { SITE_PAGES } from "@/components/layout/site-pages";
import type { Fetcher } from "@/lib/api/client";
import { VIEWS, type ViewName } from "@/lib/insights/views";
import { createWalkContext } from "@/lib/insights/walker";
import type { PageRead } from "@/lib/lists/page-reads";

/**
 * The page that shows a view: `/{view}` (a hyphen standing for a slash:
 * receivables-customers is /receivables/customers), or the page named like it (home is "/").
 */
function pageOfView(view: ViewName): string {
  if (view === "changes") return "/"; // "What changed since yesterday" is on the home page
  const page = SITE_PAGES.find(
    (p) =>
      p.href === `/${view}` ||
      p.href === `/${view.replaceAll("-", "/")}` ||
      p.label.toLowerCase() === view.toLowerCase(),
  );
  if (!page)
    throw new Error(`No page shows the insight view "${view}" (components/layout/site-pages.ts)`);
  return page.href;
}

/** "overdue" → "overdue figure"; the renewals view's one part is the whole page. */
function partFeature(view: ViewName, part: string): string {
  return part === view
    ? "its figures and rows"
    : `${part.replace(/([A-Z])/g, " $1").toLowerCase()} figure`;
}

/**
 * What the insight views (home, /receivables, /renewals) read, recorded by running
 * each view's walks against a fetcher that answers every list with one empty page:
 * exactly the queries the views send, whatever their code becomes.
 */
export async function viewReads(today = utcMidnight(Date.now())): Promise<PageRead[]> {
  const reads: PageRead[] = [];
  for (const [view, parts] of Object.entries(VIEWS) as [ViewName, Record<string, unknown>][]) {
    const page = pageOfView(view);
    for (const [part, run] of Object.entries(parts)) {
      const seen = new Set<string>();
      const recorder: Fetcher = async (pathAndQuery) => {
        const [path = "", query = ""] = pathAndQuery.split("?");
        const key = `${path}?${query}`;
        if (!seen.has(key)) {
          seen.add(key);
          const params = new URLSearchParams(query);
          const sends: Record<string, string[]> = {};
          for (const [name, value] of params) sends[name] = value.split(",");
          reads.push({
            page,
            feature: partFeature(view, part),
            route: path,
            params: [...new Set([...params.keys(), "startingAfter"])],
            sends,
          });
        }
        return Response.json({ data: [], hasMore: false });
      };
      await (run as (ctx: unknown) => Promise<unknown>)({
        walk: createWalkContext({ fetcher: recorder, concurrency: 1 }),
        today,
        saveRows: async (rows: unknown[]) => ({
          id: "recorded",
          count: rows.length,
          pageSize: 100,
        }),
      });
    }
  }
  return reads;
}

function utcMidnight(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
}
