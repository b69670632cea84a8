import "server-only";
import { randomUUID } from "node:crypto";
import pLimit from "p-limit";
import type { z } from "zod";
import { SITE_PAGES } from "@/components/layout/site-pages";
import { PAGE_SIZE } from "@/lib/api/client";
import { CURSOR_PATTERN } from "@/lib/api/list-params";
import { lenientSchemas, strictSchemas } from "@/lib/api/schemas";
import type { FilterField } from "@/lib/lists/define";
import { LIST_DEFINITIONS, type ListDefinitionName, type PageRead } from "@/lib/lists/page-reads";
import { affected, type Reach } from "./affects";
import {
  type AnyDefinition,
  checkedHow,
  filterMisses,
  filterProbes,
  type ListProbe,
  orderMisses,
  orderProbes,
  type Row,
} from "./list-probes";
import type { Affected, CheckItem, CheckResult, Outcome } from "./result";
import { verdictOf } from "./result";
import { type ShapeFinding, shapeFindings } from "./shapes";
import { type Answer, type ApiTarget, Prober } from "./target";

/** Records per filter and order probe: enough to see a filter or an order ignored. */
const PROBE_LIMIT = 10;
/** The page size of the dashboard's walks and exports (docs/api.md, Limits: at most 100). */
const LARGEST_PAGE = 100;
/** Probes in flight at once: gentle on a real API, quick on the built-in one. */
const CONCURRENCY = 4;

type Page = { data: Row[]; hasMore?: unknown; nextCursor?: unknown; prevCursor?: unknown };
/** The API's record and page schemas of each list (the shapes docs/api.md, Records, describes). */
const RECORD_OF: Record<ListDefinitionName, "Invoice" | "Customer" | "Contract" | "Payment"> = {
  invoices: "Invoice",
  customers: "Customer",
  contracts: "Contract",
  payments: "Payment",
};

function pageSchemas(list: ListDefinitionName): [z.ZodType, z.ZodType] {
  const name = `${RECORD_OF[list]}Page` as const;
  return [lenientSchemas[name], strictSchemas[name]];
}

/** "HTTP 404", "HTTP 400: limit: must be from 1 to 100", "no answer within 10 s". */
export function answered(answer: Answer): string {
  if (answer.status === null) return answer.problem ?? "no answer";
  const body = answer.body as { message?: unknown; issues?: unknown } | undefined;
  const issues = Array.isArray(body?.issues)
    ? body.issues
        .map((i) => (i && typeof i === "object" ? (i as { message?: unknown }).message : i))
        .filter((m): m is string => typeof m === "string")
    : [];
  const said =
    issues.length > 0 ? issues.join("; ") : typeof body?.message === "string" ? body.message : "";
  const problem = answer.problem && answer.status === 200 ? ` (${answer.problem})` : "";
  return `HTTP ${answer.status}${said ? `: ${said.slice(0, 200)}` : ""}${problem}`;
}

function isPage(body: unknown): body is Page {
  return typeof body === "object" && body !== null && Array.isArray((body as Page).data);
}

class ApiCheck {
  readonly items: CheckItem[] = [];
  private readonly shapes = new Map<string, ShapeFinding & { routes: Set<string> }>();
  private readonly recordsSeen = new Map<string, { count: number; routes: Set<string> }>();
  private readonly limit = pLimit(CONCURRENCY);

  constructor(
    readonly prober: Prober,
    readonly reads: readonly PageRead[],
  ) {}

  add(item: Omit<CheckItem, "affects"> & { affects?: Affected[] }) {
    this.items.push({ ...item, affects: item.affects ?? [] });
  }

  reach(...reaches: Reach[]): Affected[] {
    return affected(this.reads, ...reaches);
  }

  /** Keeps the shape findings of an answer, to report each once with every route it came from. */
  private noteShapes(
    route: string,
    body: unknown,
    lenient: z.ZodType,
    strict: z.ZodType,
    record: string,
  ) {
    const seen = this.recordsSeen.get(record) ?? { count: 0, routes: new Set<string>() };
    seen.count += isPage(body) ? body.data.length : 1;
    seen.routes.add(route);
    this.recordsSeen.set(record, seen);
    for (const finding of shapeFindings(body, lenient, strict, record)) {
      const key = `${finding.outcome}\n${finding.field}\n${finding.what}`;
      const known = this.shapes.get(key);
      if (known) {
        known.count += finding.count;
        known.routes.add(route);
      } else this.shapes.set(key, { ...finding, routes: new Set([route]) });
    }
  }

  private noteListShapes(list: ListDefinitionName, body: unknown) {
    const [lenient, strict] = pageSchemas(list);
    this.noteShapes(`/${list}`, body, lenient, strict, RECORD_OF[list]);
  }

  /** The records of a page the lenient schema accepts (the others are reported as shapes). */
  private validRows(list: ListDefinitionName, page: Page): Row[] {
    const record = lenientSchemas[RECORD_OF[list]];
    return page.data.filter((row) => record.safeParse(row).success);
  }

  async run(): Promise<void> {
    await this.health();
    const claims = await this.key();
    if (claims === "stop") return;
    const lists = Object.keys(LIST_DEFINITIONS) as ListDefinitionName[];
    const bases = await Promise.all(
      lists.map((list) => this.limit(() => this.basePage(list, claims))),
    );
    const [pageTwos] = await Promise.all([
      Promise.all(lists.map((list, i) => (bases[i] ? this.listProbes(list, bases[i]) : null))),
      this.recordsById(bases[lists.indexOf("invoices")], bases[lists.indexOf("customers")]),
      this.errorShapes(),
    ]);
    await this.cursorWalkBack(lists, bases, pageTwos);
    this.reportShapes();
  }

  private async health() {
    const answer = await this.limit(() => this.prober.get("/health", "none"));
    const body = answer.body as { status?: unknown } | undefined;
    const ok =
      answer.status === 200 &&
      lenientSchemas.Health.safeParse(answer.body).success &&
      body?.status === "ok";
    this.add({
      group: "health",
      route: "GET /health",
      probe: "no key",
      outcome: ok ? "works" : "harmless",
      finding: ok
        ? 'HTTP 200 {"status":"ok"}'
        : `${answered(answer)}, not 200 {"status":"ok"}; no page reads it (the dashboard's own /api/health does not ask the API)`,
    });
  }

  /** The key's claims; null when they cannot be read (every list is then probed); "stop" when nothing can be read. */
  private async key(): Promise<Set<string> | null | "stop"> {
    const answer = await this.limit(() => this.prober.get("/me"));
    const meReach = this.reach({ route: "/me" });
    if (answer.status === null || answer.status === 401) {
      this.add({
        group: "key",
        route: "GET /me",
        probe: "",
        outcome: "breaks",
        finding:
          answer.status === 401
            ? `${answered(answer)}: the API refuses the key, so every page fails; nothing else was probed`
            : `${answered(answer)}: the API cannot be reached, so every page fails; nothing else was probed`,
        affects: [{ page: "*", label: "Every page", features: ["every read"] }],
      });
      return "stop";
    }
    if (answer.status !== 200) {
      this.add({
        group: "key",
        route: "GET /me",
        probe: "",
        outcome: "breaks",
        finding: `${answered(answer)}: the key's claims cannot be read`,
        affects: meReach,
      });
      return null;
    }
    this.noteShapes("/me", answer.body, lenientSchemas.Me, strictSchemas.Me, "Me");
    const me = lenientSchemas.Me.safeParse(answer.body);
    if (!me.success) return null;
    this.add({
      group: "key",
      route: "GET /me",
      probe: "",
      outcome: "works",
      finding: `HTTP 200: key ${me.data.apiKeyId} of ${me.data.entityName}, claims ${me.data.authorizationClaims.join(", ") || "none"}`,
    });
    return new Set(me.data.authorizationClaims);
  }

  /** A list's first page as the list page reads it; null when the list cannot be read (reported). */
  private async basePage(
    list: ListDefinitionName,
    claims: Set<string> | null,
  ): Promise<Page | null> {
    const route = `/${list}`;
    const claim = SITE_PAGES.find((p) => p.href === route)?.claim ?? null;
    if (claims && claim && !claims.has(claim)) {
      this.add({
        group: "list",
        route: `GET ${route}`,
        probe: "",
        outcome: "breaks",
        finding: `the key lacks ${claim}: the list is refused, the page says so; its filters and orders were not probed`,
        affects: this.reach({ route, options: false }),
      });
      return null;
    }
    const probe = `limit=${PAGE_SIZE}`;
    const answer = await this.prober.get(`${route}?${probe}`);
    if (answer.status === 200 && isPage(answer.body)) {
      this.noteListShapes(list, answer.body);
      this.add({
        group: "list",
        route: `GET ${route}`,
        probe,
        outcome: "works",
        finding: `HTTP 200, ${answer.body.data.length} records${answer.body.hasMore === true ? ", more after them" : ""}`,
      });
      return answer.body;
    }
    if (answer.status === 200) this.noteListShapes(list, answer.body);
    this.add({
      group: "list",
      route: `GET ${route}`,
      probe,
      outcome: "breaks",
      finding:
        answer.status === 404
          ? `${answered(answer)}: the route is missing; its filters and orders were not probed`
          : `${answered(answer)}${answer.status === 200 ? ": not a page of records" : ""}; its filters and orders were not probed`,
      affects: this.reach({ route, options: false }),
    });
    return null;
  }

  /** Every filter and order the list page can send (from its definition), its largest page, and page 2. */
  /** Returns page 2, when there is one and it could be read. */
  private async listProbes(list: ListDefinitionName, base: Page): Promise<Page | null> {
    const definition = LIST_DEFINITIONS[list] as unknown as AnyDefinition;
    const rows = this.validRows(list, base);
    const probes = [...filterProbes(definition, rows), ...orderProbes(list, definition)];
    const [pageTwo] = await Promise.all([
      this.limit(() => this.pageTwo(list, base)),
      this.limit(() => this.largestPage(list)),
      ...probes.map((probe) => this.limit(() => this.listProbe(list, probe))),
    ]);
    return pageTwo;
  }

  private async listProbe(list: ListDefinitionName, probe: ListProbe): Promise<void> {
    const route = `/${list}`;
    const answer = await this.prober.get(`${route}?${probe.query}&limit=${PROBE_LIMIT}`);
    if (answer.status === 200 && isPage(answer.body)) {
      this.noteListShapes(list, answer.body);
      const rows = this.validRows(list, answer.body);
      const wrong =
        probe.group === "filter"
          ? filterMisses(list, probe.query, rows)
          : orderMisses(list, probe.query, rows);
      const params = probe.reaches.map((r) => r.param);
      if (wrong)
        this.add({
          group: probe.group,
          route: `GET ${route}`,
          probe: probe.query,
          outcome: "breaks",
          finding: `accepted but not applied: ${wrong}; the page would show the wrong rows`,
          affects: this.reach(...probe.reaches.map((r) => ({ route, ...r }))),
        });
      else
        this.add({
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
      await Promise.all(probe.parts.map((part) => this.listProbe(list, part)));
      return;
    }
    this.add({
      group: probe.group,
      route: `GET ${route}`,
      probe: probe.query,
      outcome: "breaks",
      finding:
        answer.status === 400
          ? `refused: ${answered(answer)}`
          : `${answered(answer)}${answer.status === 200 ? ": not a page of records" : ""}`,
      affects: this.reach(...probe.reaches.map((r) => ({ route, ...r }))),
    });
  }

  /** The walks' and exports' page size. */
  private async largestPage(list: ListDefinitionName) {
    const route = `/${list}`;
    const probe = `limit=${LARGEST_PAGE}`;
    const answer = await this.prober.get(`${route}?${probe}`);
    const ok =
      answer.status === 200 && isPage(answer.body) && answer.body.data.length <= LARGEST_PAGE;
    if (answer.status === 200) this.noteListShapes(list, answer.body);
    this.add({
      group: "page size",
      route: `GET ${route}`,
      probe,
      outcome: ok ? "works" : "breaks",
      finding: ok
        ? `HTTP 200, ${(answer.body as Page).data.length} records (the page size of walks and exports)`
        : `${answered(answer)}${answer.status === 200 ? `: not a page of at most ${LARGEST_PAGE} records` : ""}`,
      affects: ok ? [] : this.reach({ route, param: "limit", value: String(LARGEST_PAGE) }),
    });
  }

  /** Page 2 over the first page's `nextCursor`, as infinite scrolling, walks and exports read it. */
  private async pageTwo(list: ListDefinitionName, base: Page): Promise<Page | null> {
    const route = `/${list}`;
    const affects = () => this.reach({ route, param: "startingAfter" });
    const item = (outcome: Outcome, probe: string, finding: string) =>
      this.add({
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
    const answer = await this.prober.get(
      `${route}?limit=${PAGE_SIZE}&startingAfter=${base.nextCursor}`,
    );
    if (answer.status !== 200 || !isPage(answer.body)) {
      item("breaks", probe, `${answered(answer)}: page 2 cannot be read`);
      return null;
    }
    this.noteListShapes(list, answer.body);
    const first = new Set(base.data.map((r) => String(r.id)));
    const repeated = answer.body.data.filter((r) => first.has(String(r.id))).length;
    if (repeated > 0)
      item("breaks", probe, `page 2 repeats ${repeated} records of page 1: rows would show twice`);
    else if (answer.body.data.length === 0)
      item("harmless", probe, "page 2 is empty although page 1 said hasMore");
    else item("works", probe, `HTTP 200, ${answer.body.data.length} more records, none repeated`);
    return answer.body;
  }

  /**
   * Back from page 2 with its `prevCursor` (`endingBefore`), and before the first
   * page, on the first list with a second page (docs/api.md, Cursors; docs/readings.md,
   * Pages and Cursors). The dashboard reads forward only: these differences are harmless.
   */
  private async cursorWalkBack(
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
    const add = (ok: boolean, probe: string, works: string, differs: string) =>
      this.add({
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
    if (typeof pageTwo.prevCursor !== "string") {
      add(false, "endingBefore", "", "page 2 gives no prevCursor");
    } else {
      const back = await this.limit(() =>
        this.prober.get(`${route}?limit=${PAGE_SIZE}&endingBefore=${pageTwo.prevCursor as string}`),
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
    if (typeof base.prevCursor === "string") {
      const before = await this.limit(() =>
        this.prober.get(`${route}?limit=${PAGE_SIZE}&endingBefore=${base.prevCursor as string}`),
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
    } else add(false, "endingBefore", "", "the first page gives no prevCursor");
    const definition = LIST_DEFINITIONS[list] as unknown as AnyDefinition;
    const other = definition.fields.find(
      (f): f is Extract<FilterField, { kind: "multi" }> => f.kind === "multi",
    );
    if (other) {
      const query = definition.apiQuery({ [other.key]: [other.options[0]] });
      const mixed = await this.limit(() =>
        this.prober.get(
          `${route}?limit=${PAGE_SIZE}&${query}&startingAfter=${base.nextCursor as string}`,
        ),
      );
      add(
        mixed.status === 400,
        `${query}&startingAfter=…`,
        "a cursor sent with other filters than its own is refused (400)",
        `a cursor sent with other filters than its own is answered ${answered(mixed)}, not 400 (docs/api.md, Cursors)`,
      );
    }
  }

  /** One invoice and one customer by id, as their pages read them. */
  private async recordsById(invoices: Page | null | undefined, customers: Page | null | undefined) {
    const one = async (
      route: "/invoices/{id}" | "/customers/{id}",
      page: Page | null | undefined,
      record: "Invoice" | "Customer",
    ) => {
      const id = page?.data.find((r) => typeof r.id === "string")?.id as string | undefined;
      if (!id) {
        this.add({
          group: "record",
          route: `GET ${route}`,
          probe: "",
          outcome: "skipped",
          finding: "no record in the list to read by id",
        });
        return;
      }
      const answer = await this.limit(() => this.prober.get(route.replace("{id}", id)));
      const affects = this.reach({ route });
      if (answer.status !== 200) {
        this.add({
          group: "record",
          route: `GET ${route}`,
          probe: "an id from the list",
          outcome: "breaks",
          finding: `${answered(answer)}${answer.status === 404 ? ": a record of the list is not found by id (a missing route?)" : ""}`,
          affects,
        });
        return;
      }
      this.noteShapes(route, answer.body, lenientSchemas[record], strictSchemas[record], record);
      const body = answer.body as Row;
      const problems: string[] = [];
      if (String(body.id).toLowerCase() !== id.toLowerCase())
        problems.push(`answered the record ${String(body.id)}`);
      if (record === "Invoice" && !Array.isArray(body.lines))
        problems.push("lines is not filled (the invoice page shows no lines)");
      this.add({
        group: "record",
        route: `GET ${route}`,
        probe: "an id from the list",
        outcome:
          problems.length === 0
            ? "works"
            : String(body.id).toLowerCase() !== id.toLowerCase()
              ? "breaks"
              : "harmless",
        finding:
          problems.length === 0
            ? `HTTP 200, the ${record.toLowerCase()} asked for${record === "Invoice" ? " with its lines" : ""}`
            : problems.join("; "),
        affects: problems.length === 0 ? [] : affects,
      });
    };
    await Promise.all([
      one("/invoices/{id}", invoices, "Invoice"),
      one("/customers/{id}", customers, "Customer"),
    ]);
  }

  /** A bad parameter's 400, a missing record's 404, a bad key's 401: status, shape and issues (docs/api.md, Errors). */
  private async errorShapes() {
    const missing = randomUUID();
    const cases = [
      {
        route: "/invoices",
        path: "/invoices?limit=0",
        probe: "limit=0",
        auth: "key" as const,
        status: 400,
        code: "BAD_REQUEST",
        wantIssue: "limit",
        means: "a refused request's message names no parameter",
        affects: [{ page: "*", label: "Every page", features: ["what a refused request says"] }],
      },
      {
        route: "/invoices/{id}",
        path: `/invoices/${missing}`,
        probe: "an id no record has",
        auth: "key" as const,
        status: 404,
        code: "NOT_FOUND",
        means: "a missing invoice shows an error instead of “not found”",
        affects: this.reach({ route: "/invoices/{id}" }),
      },
      {
        route: "/customers/{id}",
        path: `/customers/${missing}`,
        probe: "an id no record has",
        auth: "key" as const,
        status: 404,
        code: "NOT_FOUND",
        means: "a missing customer shows an error instead of “not found”",
        affects: this.reach({ route: "/customers/{id}" }),
      },
      {
        route: "/me",
        path: "/me",
        probe: "a key no API issued",
        auth: "wrong-key" as const,
        status: 401,
        code: "UNAUTHORIZED",
        means: "a refused key is not explained as one",
        affects: this.reach({ route: "/me" }),
      },
    ];
    await Promise.all(
      cases.map((c) =>
        this.limit(async () => {
          const answer = await this.prober.get(c.path, c.auth);
          const shape = lenientSchemas.ApiError.safeParse(answer.body);
          const issues = shape.success ? (shape.data.issues ?? null) : null;
          const differs: string[] = [];
          if (answer.status !== c.status)
            differs.push(`answered ${answered(answer)}, not ${c.status}`);
          else if (!shape.success) differs.push("the body is not { message, code, issues }");
          else {
            if (shape.data.code !== c.code) differs.push(`code ${shape.data.code}, not ${c.code}`);
            if (issues === null) differs.push("no issues array");
            else if (c.wantIssue && !issues.some((i) => i.message.includes(c.wantIssue)))
              differs.push(`no issue names ${c.wantIssue}`);
          }
          const accepted = c.auth === "wrong-key" && answer.status === 200;
          this.add({
            group: "errors",
            route: `GET ${c.route}`,
            probe: c.probe,
            outcome: differs.length === 0 ? "works" : "harmless",
            finding:
              differs.length === 0
                ? `HTTP ${c.status} ${c.code}${c.wantIssue ? `, an issue names ${c.wantIssue}` : ""}`
                : `${differs.join("; ")}: ${accepted ? "the API accepted a key it never issued" : c.means}`,
            affects: differs.length === 0 ? [] : c.affects,
          });
        }),
      ),
    );
  }

  /** A missing field beside extra ones in the same object: perhaps renamed. */
  private renamedHint(finding: ShapeFinding): string {
    if (!finding.what.startsWith("missing")) return "";
    const parent = finding.field.slice(0, finding.field.lastIndexOf("."));
    const extras = [...this.shapes.values()]
      .filter(
        (f) =>
          f.value !== undefined && f.what.startsWith("extra") && f.field === `${parent}.${f.value}`,
      )
      .map((f) => f.value);
    return extras.length > 0 ? ` (renamed? the answer has ${extras.join(", ")})` : "";
  }

  /** Each shape difference once, with every route it came from and the pages those reach. */
  private reportShapes() {
    for (const finding of this.shapes.values()) {
      const routes = [...finding.routes];
      const field = finding.field.split(".").at(-1)?.replace(/\[\]$/, "") ?? "";
      // An unknown value of a filtered field cannot be picked in that filter (statuses, contractHealths).
      const filters = [`${field}s`, `${field}es`];
      const affects =
        finding.outcome === "breaks"
          ? this.reach(...routes.map((route) => ({ route, options: false })))
          : finding.value !== undefined && finding.what.startsWith("unknown value")
            ? this.reach(
                ...routes.map((route) => ({ route, options: false })),
                ...routes.flatMap((route) => filters.map((param) => ({ route, param }))),
              )
            : [];
      this.add({
        group: "record",
        route: `GET ${routes.join(", ")}`,
        probe: "records",
        outcome: finding.outcome,
        finding: `${finding.field}: ${finding.what}${this.renamedHint(finding)}, in ${finding.count} ${finding.count === 1 ? "answer or record" : "records"}${finding.outcome === "breaks" ? "; the dashboard refuses the answer" : ""}`,
        affects,
      });
    }
    for (const [record, seen] of this.recordsSeen) {
      const differs = [...this.shapes.values()].some(
        (f) => f.field === record || f.field.startsWith(`${record}.`),
      );
      if (!differs)
        this.add({
          group: "record",
          route: `GET ${[...seen.routes].join(", ")}`,
          probe: "records",
          outcome: "works",
          finding: `${record}: ${seen.count} ${seen.count === 1 ? "answer matches" : "records match"} the API's shapes exactly`,
        });
    }
  }
}

export interface CheckOptions {
  reads: readonly PageRead[];
  ranBy: CheckResult["ranBy"];
  now?: () => Date;
}

/** Probes the API `target` names, read-only, and says what works and what differs (see README, "Checking a real API"). */
export async function runApiCheck(target: ApiTarget, options: CheckOptions): Promise<CheckResult> {
  const now = options.now ?? (() => new Date());
  const startedAt = now().toISOString();
  const prober = new Prober(target);
  const check = new ApiCheck(prober, options.reads);
  await check.run();
  const order = [
    "health",
    "key",
    "list",
    "page size",
    "cursor",
    "filter",
    "order",
    "record",
    "errors",
  ];
  const items = [...check.items].sort((a, b) => order.indexOf(a.group) - order.indexOf(b.group));
  return {
    version: 1,
    api: target.label,
    startedAt,
    finishedAt: now().toISOString(),
    requests: prober.requests,
    verdict: verdictOf(items),
    items,
    ranBy: options.ranBy,
  };
}
