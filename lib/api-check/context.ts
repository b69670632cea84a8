import "server-only";
import pLimit from "p-limit";
import type { z } from "zod";
import { lenientSchemas, strictSchemas } from "@/lib/api/schemas";
import type { ListDefinitionName, PageRead } from "@/lib/lists/page-reads";
import { affected, type Reach } from "./affects";
import type { Row } from "./list-probes";
import type { Affected, CheckItem } from "./result";
import { ShapeLedger } from "./shape-ledger";
import type { Answer, Prober } from "./target";

/** Probes in flight at once: gentle on a real API, quick on the built-in one. */
const CONCURRENCY = 4;

export type Page = { data: Row[]; hasMore?: unknown; nextCursor?: unknown; prevCursor?: unknown };

/** The API's record and page schemas of each list (the shapes docs/api.md, Records, describes). */
export const RECORD_OF: Record<
  ListDefinitionName,
  "Invoice" | "Customer" | "Contract" | "Payment"
> = {
  invoices: "Invoice",
  customers: "Customer",
  contracts: "Contract",
  payments: "Payment",
};

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

export function isPage(body: unknown): body is Page {
  return typeof body === "object" && body !== null && Array.isArray((body as Page).data);
}

/** What every probe shares: the prober, the pages' reads, the items found and the shapes seen. */
export class CheckContext {
  readonly items: CheckItem[] = [];
  readonly shapes = new ShapeLedger();
  readonly limit = pLimit(CONCURRENCY);

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

  noteShapes(route: string, body: unknown, lenient: z.ZodType, strict: z.ZodType, record: string) {
    this.shapes.note(route, body, lenient, strict, record, isPage(body) ? body.data.length : 1);
  }

  noteListShapes(list: ListDefinitionName, body: unknown) {
    const name = `${RECORD_OF[list]}Page` as const;
    this.noteShapes(`/${list}`, body, lenientSchemas[name], strictSchemas[name], RECORD_OF[list]);
  }

  /** The records of a page the lenient schema accepts (the others are reported as shapes). */
  validRows(list: ListDefinitionName, page: Page): Row[] {
    const record = lenientSchemas[RECORD_OF[list]];
    return page.data.filter((row) => record.safeParse(row).success);
  }
}
