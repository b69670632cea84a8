import "server-only";
import { PAGE_SIZE } from "@/lib/api/client";
import { CURSOR_PATTERN } from "@/lib/api/list-params";
import type { FilterField } from "@/lib/lists/define";
import { LIST_DEFINITIONS, type ListDefinitionName } from "@/lib/lists/page-reads";
import { answered, type CheckContext, isPage, type Page } from "./context";
import type { AnyDefinition } from "./list-probes";
import type { Outcome } from "./result";

/** Page 2 over the first page's `nextCursor`, as infinite scrolling, walks and exports read it. */
export async function probePageTwo(
  check: CheckContext,
  list: ListDefinitionName,
  base: Page,
): Promise<Page | null> {
  const route = `/${list}`;
  const affects = () => check.reach({ route, param: "startingAfter" });
  const item = (outcome: Outcome, probe: string, finding: string) =>
    check.add({
      group: "cursor",
      route: `GET ${route}`,
      probe,
      outcome,
      finding,
      affects: outcome === "works" || outcome === "skipped" ? [] : affects(),
    });
  if (base.hasMore !== true) {
    item(
      "skipped",
      "startingAfter",
      `the first page holds the whole list (${base.data.length} records): no cursor to follow`,
    );
    return null;
  }
  if (typeof base.nextCursor !== "string" || !CURSOR_PATTERN.test(base.nextCursor)) {
    item(
      "breaks",
      "startingAfter",
      typeof base.nextCursor !== "string"
        ? "the first page says hasMore but gives no nextCursor: nothing past it can be read"
        : "nextCursor is not 1 to 1,024 letters, digits, '.', '_' or '-': the dashboard's data route refuses it (docs/api.md, Cursors)",
    );
    return null;
  }
  const probe = `limit=${PAGE_SIZE}&startingAfter=…`;
  const answer = await check.prober.get(
    `${route}?limit=${PAGE_SIZE}&startingAfter=${base.nextCursor}`,
  );
  if (answer.status !== 200 || !isPage(answer.body)) {
    item("breaks", probe, `${answered(answer)}: page 2 cannot be read`);
    return null;
  }
  check.noteListShapes(list, answer.body);
  const first = new Set(base.data.map((r) => String(r.id)));
  const repeated = answer.body.data.filter((r) => first.has(String(r.id))).length;
  if (repeated > 0)
    item("breaks", probe, `page 2 repeats ${repeated} records of page 1: rows would show twice`);
  else if (answer.body.data.length === 0)
    item("harmless", probe, "page 2 is empty although page 1 said hasMore");
  else item("works", probe, `HTTP 200, ${answer.body.data.length} more records, none repeated`);
  return answer.body;
}

/** Adds one "cursor" line: what works, or how it differs (harmless: the dashboard reads forward only). */
type CursorItem = (ok: boolean, probe: string, works: string, differs: string) => void;

/**
 * Back from page 2 with its `prevCursor` (`endingBefore`), and before the first
 * page, on the first list with a second page (docs/api.md, Cursors; docs/readings.md,
 * Pages and Cursors). The dashboard reads forward only: these differences are harmless.
 */
export async function probeCursorWalkBack(
  check: CheckContext,
  lists: ListDefinitionName[],
  bases: (Page | null)[],
  pageTwos: (Page | null)[],
) {
  const index = pageTwos.findIndex((page) => page !== null && page.data.length > 0);
  if (index < 0) return;
  const list = lists[index]!;
  const base = bases[index]!;
  const pageTwo = pageTwos[index]!;
  const route = `/${list}`;
  const add: CursorItem = (ok, probe, works, differs) =>
    check.add({
      group: "cursor",
      route: `GET ${route}`,
      probe,
      outcome: ok ? "works" : "harmless",
      finding: ok ? works : `${differs}; the dashboard reads forward only`,
    });
  const limitOk = base.data.length === PAGE_SIZE;
  add(
    limitOk,
    `limit=${PAGE_SIZE}`,
    `a page with hasMore holds exactly limit (${PAGE_SIZE}) records`,
    `a page with hasMore holds ${base.data.length} records, not ${PAGE_SIZE}`,
  );
  await backFromPageTwo(check, route, base, pageTwo, add);
  await beforeTheFirstPage(check, route, base, add);
  await cursorWithOtherFilters(check, list, base, add);
}

async function backFromPageTwo(
  check: CheckContext,
  route: string,
  base: Page,
  pageTwo: Page,
  add: CursorItem,
) {
  if (typeof pageTwo.prevCursor !== "string") {
    add(false, "endingBefore", "", "page 2 gives no prevCursor");
    return;
  }
  const back = await check.limit(() =>
    check.prober.get(`${route}?limit=${PAGE_SIZE}&endingBefore=${pageTwo.prevCursor as string}`),
  );
  const ids = (p: unknown) => (isPage(p) ? p.data.map((r) => String(r.id)).join(",") : null);
  add(
    back.status === 200 && ids(back.body) === ids(base),
    `limit=${PAGE_SIZE}&endingBefore=…`,
    "back from page 2 with its prevCursor gives page 1 again, in order",
    back.status === 200
      ? "back from page 2 with its prevCursor does not give page 1 again"
      : `back from page 2: ${answered(back)}`,
  );
}

async function beforeTheFirstPage(check: CheckContext, route: string, base: Page, add: CursorItem) {
  if (typeof base.prevCursor !== "string") {
    add(false, "endingBefore", "", "the first page gives no prevCursor");
    return;
  }
  const before = await check.limit(() =>
    check.prober.get(`${route}?limit=${PAGE_SIZE}&endingBefore=${base.prevCursor as string}`),
  );
  const page = isPage(before.body) ? before.body : null;
  add(
    before.status === 200 &&
      page?.data.length === 0 &&
      page.hasMore === false &&
      page.nextCursor === undefined &&
      page.prevCursor === undefined,
    `limit=${PAGE_SIZE}&endingBefore=…`,
    "before the first page: an empty page without cursors",
    `before the first page: ${before.status === 200 ? `${page?.data.length ?? "no"} records, hasMore ${String(page?.hasMore)}, cursors ${page?.nextCursor === undefined && page?.prevCursor === undefined ? "absent" : "present"}` : answered(before)} (docs/readings.md, Pages: an empty page without cursors)`,
  );
}

async function cursorWithOtherFilters(
  check: CheckContext,
  list: ListDefinitionName,
  base: Page,
  add: CursorItem,
) {
  const definition = LIST_DEFINITIONS[list] as unknown as AnyDefinition;
  const other = definition.fields.find(
    (f): f is Extract<FilterField, { kind: "multi" }> => f.kind === "multi",
  );
  if (!other) return;
  const query = definition.apiQuery({ [other.key]: [other.options[0]] });
  const mixed = await check.limit(() =>
    check.prober.get(
      `/${list}?limit=${PAGE_SIZE}&${query}&startingAfter=${base.nextCursor as string}`,
    ),
  );
  add(
    mixed.status === 400,
    `${query}&startingAfter=…`,
    "a cursor sent with other filters than its own is refused (400)",
    `a cursor sent with other filters than its own is answered ${answered(mixed)}, not 400 (docs/api.md, Cursors)`,
  );
}
