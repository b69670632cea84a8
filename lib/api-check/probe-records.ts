import "server-only";
import { lenientSchemas, strictSchemas } from "@/lib/api/schemas";
import { answered, type CheckContext, type Page } from "./context";
import type { Row } from "./list-probes";

type RecordRoute = "/invoices/{id}" | "/customers/{id}";

/** One invoice and one customer by id, as their pages read them. */
export async function probeRecordsById(
  check: CheckContext,
  invoices: Page | null | undefined,
  customers: Page | null | undefined,
) {
  await Promise.all([
    probeRecordById(check, "/invoices/{id}", invoices, "Invoice"),
    probeRecordById(check, "/customers/{id}", customers, "Customer"),
  ]);
}

async function probeRecordById(
  check: CheckContext,
  route: RecordRoute,
  page: Page | null | undefined,
  record: "Invoice" | "Customer",
) {
  const id = page?.data.find((r) => typeof r.id === "string")?.id as string | undefined;
  if (!id) {
    check.add({
      group: "record",
      route: `GET ${route}`,
      probe: "",
      outcome: "skipped",
      finding: "no record in the list to read by id",
    });
    return;
  }
  const answer = await check.limit(() => check.prober.get(route.replace("{id}", id)));
  const affects = check.reach({ route });
  if (answer.status !== 200) {
    check.add({
      group: "record",
      route: `GET ${route}`,
      probe: "an id from the list",
      outcome: "breaks",
      finding: `${answered(answer)}${answer.status === 404 ? ": a record of the list is not found by id (a missing route?)" : ""}`,
      affects,
    });
    return;
  }
  check.noteShapes(route, answer.body, lenientSchemas[record], strictSchemas[record], record);
  const body = answer.body as Row;
  const problems: string[] = [];
  if (String(body.id).toLowerCase() !== id.toLowerCase())
    problems.push(`answered the record ${String(body.id)}`);
  if (record === "Invoice" && !Array.isArray(body.lines))
    problems.push("lines is not filled (the invoice page shows no lines)");
  check.add({
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
}
