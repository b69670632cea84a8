import "server-only";
import type { z } from "zod";
import type { Reach } from "./affects";
import type { Affected, CheckItem } from "./result";
import { type ShapeFinding, shapeFindings } from "./shapes";

type Item = Omit<CheckItem, "affects"> & { affects?: Affected[] };

/** The shape findings of every answer, to report each once with every route it came from. */
export class ShapeLedger {
  private readonly findings = new Map<string, ShapeFinding & { routes: Set<string> }>();
  private readonly recordsSeen = new Map<string, { count: number; routes: Set<string> }>();

  note(
    route: string,
    body: unknown,
    lenient: z.ZodType,
    strict: z.ZodType,
    record: string,
    records: number,
  ) {
    const seen = this.recordsSeen.get(record) ?? { count: 0, routes: new Set<string>() };
    seen.count += records;
    seen.routes.add(route);
    this.recordsSeen.set(record, seen);
    for (const finding of shapeFindings(body, lenient, strict, record)) {
      const key = `${finding.outcome}\n${finding.field}\n${finding.what}`;
      const known = this.findings.get(key);
      if (known) {
        known.count += finding.count;
        known.routes.add(route);
      } else this.findings.set(key, { ...finding, routes: new Set([route]) });
    }
  }

  /** Each shape difference once, with every route it came from and the pages those reach. */
  report(reach: (...reaches: Reach[]) => Affected[]): Item[] {
    const items: Item[] = [];
    for (const finding of this.findings.values()) {
      const routes = [...finding.routes];
      const field = finding.field.split(".").at(-1)?.replace(/\[\]$/, "") ?? "";
      // An unknown value of a filtered field cannot be picked in that filter (statuses, contractHealths).
      const filters = [`${field}s`, `${field}es`];
      const affects =
        finding.outcome === "breaks"
          ? reach(...routes.map((route) => ({ route, options: false })))
          : finding.value !== undefined && finding.what.startsWith("unknown value")
            ? reach(
                ...routes.map((route) => ({ route, options: false })),
                ...routes.flatMap((route) => filters.map((param) => ({ route, param }))),
              )
            : [];
      items.push({
        group: "record",
        route: `GET ${routes.join(", ")}`,
        probe: "records",
        outcome: finding.outcome,
        finding: `${finding.field}: ${finding.what}${this.renamedHint(finding)}, in ${finding.count} ${finding.count === 1 ? "answer or record" : "records"}${finding.outcome === "breaks" ? "; the dashboard refuses the answer" : ""}`,
        affects,
      });
    }
    for (const [record, seen] of this.recordsSeen) {
      const differs = [...this.findings.values()].some(
        (f) => f.field === record || f.field.startsWith(`${record}.`),
      );
      if (!differs)
        items.push({
          group: "record",
          route: `GET ${[...seen.routes].join(", ")}`,
          probe: "records",
          outcome: "works",
          finding: `${record}: ${seen.count} ${seen.count === 1 ? "answer matches" : "records match"} the API's shapes exactly`,
        });
    }
    return items;
  }

  /** A missing field beside extra ones in the same object: perhaps renamed. */
  private renamedHint(finding: ShapeFinding): string {
    if (!finding.what.startsWith("missing")) return "";
    const parent = finding.field.slice(0, finding.field.lastIndexOf("."));
    const extras = [...this.findings.values()]
      .filter(
        (f) =>
          f.value !== undefined && f.what.startsWith("extra") && f.field === `${parent}.${f.value}`,
      )
      .map((f) => f.value);
    return extras.length > 0 ? ` (renamed? the answer has ${extras.join(", ")})` : "";
  }
}
