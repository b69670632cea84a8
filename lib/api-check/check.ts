import "server-only";
import { LIST_DEFINITIONS, type ListDefinitionName, type PageRead } from "@/lib/lists/page-reads";
import { CheckContext } from "./context";
import { probeErrorShapes } from "./probe-errors";
import { probeHealth, probeKey } from "./probe-key";
import { probeBasePage, probeList } from "./probe-lists";
import { probeCursorWalkBack } from "./probe-paging";
import { probeRecordsById } from "./probe-records";
import type { CheckResult } from "./result";
import { verdictOf } from "./result";
import { type ApiTarget, Prober } from "./target";

/** The order the groups are reported in. */
const GROUP_ORDER = [
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

/** Every probe, the lists' in parallel (bounded by the context's limit), the shapes seen last. */
async function runProbes(check: CheckContext): Promise<void> {
  await probeHealth(check);
  const claims = await probeKey(check);
  if (claims === "stop") return;
  const lists = Object.keys(LIST_DEFINITIONS) as ListDefinitionName[];
  const bases = await Promise.all(
    lists.map((list) => check.limit(() => probeBasePage(check, list, claims))),
  );
  const [pageTwos] = await Promise.all([
    Promise.all(lists.map((list, i) => (bases[i] ? probeList(check, list, bases[i]) : null))),
    probeRecordsById(check, bases[lists.indexOf("invoices")], bases[lists.indexOf("customers")]),
    probeErrorShapes(check),
  ]);
  await probeCursorWalkBack(check, lists, bases, pageTwos);
  for (const item of check.shapes.report((...reaches) => check.reach(...reaches))) check.add(item);
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
  const check = new CheckContext(prober, options.reads);
  await runProbes(check);
  const items = [...check.items].sort(
    (a, b) => GROUP_ORDER.indexOf(a.group) - GROUP_ORDER.indexOf(b.group),
  );
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
