import "server-only";
import { SITE_PAGES } from "@/components/layout/site-pages";
import { PAGE_SIZE } from "@/lib/api/client";
import { LIST_DEFINITIONS, type ListDefinitionName } from "@/lib/lists/page-reads";
import { answered, type CheckContext, isPage, type Page } from "./context";
import {
  type AnyDefinition,
  checkedHow,
  filterMisses,
  filterProbes,
  type ListProbe,
  orderMisses,
  orderProbes,
} from "./list-probes";
import { probePageTwo } from "./probe-paging";

/** Records per filter and order probe: enough to see a filter or an order ignored. */
const PROBE_LIMIT = 10;
/** The page size of the dashboard's walks and exports (docs/api.md, Limits: at most 100). */
const LARGEST_PAGE = 100;

/** A list's first page as the list page reads it; null when the list cannot be read (reported). */
export async function probeBasePage(
  check: CheckContext,
  list: ListDefinitionName,
  claims: Set<string> | null,
): Promise<Page | null> {
  const route = `/${list}`;
  const claim = SITE_PAGES.find((p) => p.href === route)?.claim ?? null;
  if (claims && claim && !claims.has(claim)) {
    check.add({
      group: "list",
      route: `GET ${route}`,
      probe: "",
      outcome: "breaks",
      finding: `the key lacks ${claim}: the list is refused, the page says so; its filters and orders were not probed`,
      affects: check.reach({ route, options: false }),
    });
    return null;
  }
  const probe = `limit=${PAGE_SIZE}`;
  const answer = await check.prober.get(`${route}?${probe}`);
  if (answer.status === 200 && isPage(answer.body)) {
    check.noteListShapes(list, answer.body);
    check.add({
      group: "list",
      route: `GET ${route}`,
      probe,
      outcome: "works",
      finding: `HTTP 200, ${answer.body.data.length} records${answer.body.hasMore === true ? ", more after them" : ""}`,
    });
    return answer.body;
  }
  if (answer.status === 200) check.noteListShapes(list, answer.body);
  check.add({
    group: "list",
    route: `GET ${route}`,
    probe,
    outcome: "breaks",
    finding:
      answer.status === 404
        ? `${answered(answer)}: the route is missing; its filters and orders were not probed`
        : `${answered(answer)}${answer.status === 200 ? ": not a page of records" : ""}; its filters and orders were not probed`,
    affects: check.reach({ route, options: false }),
  });
  return null;
}

/**
 * Every filter and order the list page can send (from its definition), its largest
 * page, and page 2; returns page 2, when there is one and it could be read.
 */
export async function probeList(
  check: CheckContext,
  list: ListDefinitionName,
  base: Page,
): Promise<Page | null> {
  const definition = LIST_DEFINITIONS[list] as unknown as AnyDefinition;
  const rows = check.validRows(list, base);
  const probes = [...filterProbes(definition, rows), ...orderProbes(list, definition)];
  const [pageTwo] = await Promise.all([
    check.limit(() => probePageTwo(check, list, base)),
    check.limit(() => probeLargestPage(check, list)),
    ...probes.map((probe) => check.limit(() => probeFilterOrOrder(check, list, probe))),
  ]);
  return pageTwo;
}

/** One filter or order: refused, ignored (the rows do not fit it) or applied. */
async function probeFilterOrOrder(
  check: CheckContext,
  list: ListDefinitionName,
  probe: ListProbe,
): Promise<void> {
  const route = `/${list}`;
  const answer = await check.prober.get(`${route}?${probe.query}&limit=${PROBE_LIMIT}`);
  if (answer.status === 200 && isPage(answer.body)) {
    check.noteListShapes(list, answer.body);
    const rows = check.validRows(list, answer.body);
    const wrong =
      probe.group === "filter"
        ? filterMisses(list, probe.query, rows)
        : orderMisses(list, probe.query, rows);
    const params = probe.reaches.map((r) => r.param);
    if (wrong)
      check.add({
        group: probe.group,
        route: `GET ${route}`,
        probe: probe.query,
        outcome: "breaks",
        finding: `accepted but not applied: ${wrong}; the page would show the wrong rows`,
        affects: check.reach(...probe.reaches.map((r) => ({ route, ...r }))),
      });
    else
      check.add({
        group: probe.group,
        route: `GET ${route}`,
        probe: probe.query,
        outcome: "works",
        finding: `HTTP 200, ${answer.body.data.length} records${checkedHow(list, probe, params, rows.length)}`,
      });
    return;
  }
  if (answer.status !== null && answer.status !== 200 && probe.parts && probe.parts.length > 1) {
    // Which of its values or parts is refused: each on its own line.
    await Promise.all(probe.parts.map((part) => probeFilterOrOrder(check, list, part)));
    return;
  }
  check.add({
    group: probe.group,
    route: `GET ${route}`,
    probe: probe.query,
    outcome: "breaks",
    finding:
      answer.status === 400
        ? `refused: ${answered(answer)}`
        : `${answered(answer)}${answer.status === 200 ? ": not a page of records" : ""}`,
    affects: check.reach(...probe.reaches.map((r) => ({ route, ...r }))),
  });
}

/** The walks' and exports' page size. */
async function probeLargestPage(check: CheckContext, list: ListDefinitionName) {
  const route = `/${list}`;
  const probe = `limit=${LARGEST_PAGE}`;
  const answer = await check.prober.get(`${route}?${probe}`);
  const ok =
    answer.status === 200 && isPage(answer.body) && answer.body.data.length <= LARGEST_PAGE;
  if (answer.status === 200) check.noteListShapes(list, answer.body);
  check.add({
    group: "page size",
    route: `GET ${route}`,
    probe,
    outcome: ok ? "works" : "breaks",
    finding: ok
      ? `HTTP 200, ${(answer.body as Page).data.length} records (the page size of walks and exports)`
      : `${answered(answer)}${answer.status === 200 ? `: not a page of at most ${LARGEST_PAGE} records` : ""}`,
    affects: ok ? [] : check.reach({ route, param: "limit", value: String(LARGEST_PAGE) }),
  });
}
