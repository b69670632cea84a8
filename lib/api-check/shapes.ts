import "server-only";
import type { z } from "zod";

/** How an answer's shape differs from what the dashboard reads, one finding per field (and value). */
export interface ShapeFinding {
  /** breaks: the lenient schema refuses it, so the dashboard refuses the answer; harmless: only the strict one does */
  outcome: "breaks" | "harmless";
  /** "Invoice.totalAmount", "Invoice.lines[].amount", "page.hasMore" */
  field: string;
  /** "missing (expected object)", "extra field", "unknown value \"PAID\"" */
  what: string;
  /** the unknown enum value, or the extra field's name */
  value?: string;
  /** in how many records (or answers) it was seen */
  count: number;
}

type Issue = z.core.$ZodIssue;
type Path = readonly PropertyKey[];

/** ["data", 3, "lines", 0, "amount"] in an Invoice page → "Invoice.lines[].amount". */
function fieldName(path: Path, record: string, isPage: boolean): string {
  let rest = [...path];
  let head = record;
  if (isPage) {
    if (rest[0] === "data" && typeof rest[1] === "number") rest = rest.slice(2);
    else head = "page";
  }
  return rest.reduce<string>(
    (name, part) => (typeof part === "number" ? `${name}[]` : `${name}.${String(part)}`),
    head,
  );
}

function valueAt(body: unknown, path: Path): unknown {
  let value = body;
  for (const part of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[part];
  }
  return value;
}

function describeIssue(issue: Issue, body: unknown): string {
  const message = issue.message.replace(/^Invalid input: /, "");
  if (issue.code === "invalid_type" && valueAt(body, issue.path) === undefined)
    return `missing (expected ${issue.expected})`;
  if (issue.code === "invalid_union")
    return `not what the dashboard reads (${JSON.stringify(valueAt(body, issue.path))?.slice(0, 60)})`;
  return message;
}

/** Whether an answer holds records in `data` (a list page) or is one record. */
function isPageBody(body: unknown): boolean {
  return (
    typeof body === "object" && body !== null && Array.isArray((body as { data?: unknown }).data)
  );
}

/**
 * An answer checked against the lenient schema (what the dashboard accepts: a
 * failure there fails the page) and the strict one (the contract: an extra field or
 * an unknown enum value is reported, harmless). Findings are grouped by field and
 * value, with how many records showed each.
 */
export function shapeFindings(
  body: unknown,
  lenient: z.ZodType,
  strict: z.ZodType,
  record: string,
): ShapeFinding[] {
  const isPage = isPageBody(body);
  const found = new Map<string, ShapeFinding>();
  const add = (finding: Omit<ShapeFinding, "count">) => {
    const key = `${finding.outcome}\n${finding.field}\n${finding.what}`;
    const seen = found.get(key);
    if (seen) seen.count += 1;
    else found.set(key, { ...finding, count: 1 });
  };
  const loose = lenient.safeParse(body);
  if (!loose.success)
    for (const issue of loose.error.issues)
      add({
        outcome: "breaks",
        field: fieldName(issue.path, record, isPage),
        what: describeIssue(issue, body),
      });
  const exact = strict.safeParse(body);
  if (!exact.success)
    for (const issue of exact.error.issues) {
      if (issue.code === "unrecognized_keys")
        for (const key of issue.keys)
          add({
            outcome: "harmless",
            field: fieldName([...issue.path, key], record, isPage),
            what: "extra field (not read by the dashboard)",
            value: key,
          });
      else if (issue.code === "invalid_value") {
        const value = valueAt(body, issue.path);
        if (typeof value !== "string") continue; // the lenient check reported it
        add({
          outcome: "harmless",
          field: fieldName(issue.path, record, isPage),
          what: `unknown value "${value}" (shown as it is)`,
          value,
        });
      }
    }
  return [...found.values()];
}
