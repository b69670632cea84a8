/**
 * What the checks of the demo data's invariants share: a query's offending records,
 * read from the test run's seeded database. Each check lists them (at most five), so
 * an empty list passes.
 */
import { testDatabase } from "../../testing/sandbox";

/** Offending ids (or rows) of a query, at most five. */
export function offenders(sql: string): unknown[] {
  return testDatabase().prepare(`SELECT * FROM (${sql}) LIMIT 5`).all();
}
