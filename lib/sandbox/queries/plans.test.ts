/**
 * Speed without a timed test: the first page of each common list must be read
 * in order from an index, never by sorting every matching row. A plan that says
 * "USE TEMP B-TREE FOR ORDER BY" costs time proportional to the whole list.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { type InvoiceFilters, invoiceFilterParams, parseQuery } from "@/lib/api/list-params";
import type { CursorKey } from "../cursor";
import { sandboxInfo, testDatabase } from "../testing/sandbox";
import { contractListQuery } from "./contracts";
import { customerListQuery } from "./customers";
import { invoiceListQuery } from "./invoices";
import { afterCondition, type KeysetQuery } from "./keyset";
import { paymentListQuery } from "./payments";

const orderBy = (query: Omit<KeysetQuery, "limit" | "cursor">, flip = false) =>
  query.order
    .map((k) => `${k.expr} ${flip === (k.direction === "ASC") ? "DESC" : "ASC"}`)
    .join(", ");

function plan(
  query: Omit<KeysetQuery, "limit" | "cursor">,
  db = testDatabase(),
  after?: { condition: string; params: unknown[] },
): string {
  const where = after ? [...query.where, after.condition] : query.where;
  const sql = `SELECT ${query.select} FROM ${query.from} WHERE ${where.join(" AND ")} ORDER BY ${orderBy(query)} LIMIT 51`;
  return (
    db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...query.params, ...(after?.params ?? [])) as {
      detail: string;
    }[]
  )
    .map((r) => r.detail)
    .join(" | ");
}

function invoiceFilters(query: string): InvoiceFilters {
  const parsed = parseQuery(new URLSearchParams(query), invoiceFilterParams);
  if (!parsed.ok) throw new Error(parsed.issues.join("; "));
  return parsed.value;
}

describe("query plans read pages from an index", () => {
  const business = () => sandboxInfo().demoBusinessId;
  const invoiceCases = [
    "",
    "orderBy=issuedAt:ASC",
    "orderBy=issuedAt:DESC",
    "statuses=ISSUED",
    "statuses=ISSUED&orderBy=issuedAt:DESC",
    "statuses=DRAFT&orderBy=issuedAt:ASC",
    "hasOutstandingBalance=true&orderBy=issuedAt:DESC",
    "needsApproval=true",
  ];
  for (const query of invoiceCases) {
    it(`/invoices?${query}`, () => {
      const detail = plan(invoiceListQuery(business(), invoiceFilters(query)));
      expect(detail).not.toMatch(/TEMP B-TREE/);
      // One status: seek to it in the index rather than read every row to test it.
      if (/statuses=[A-Z]+(&|$)|hasOutstandingBalance/.test(query))
        expect(detail).toMatch(/USING INDEX \S+ \(business_id=\? AND status=\?\)/);
    });
  }
  it("/customers (default order), /contracts, /payments (default order)", () => {
    expect(plan(customerListQuery(business(), {}))).not.toMatch(/TEMP B-TREE/);
    expect(plan(contractListQuery(business(), {}))).not.toMatch(/TEMP B-TREE/);
    expect(plan(paymentListQuery(business(), {}))).not.toMatch(/TEMP B-TREE/);
  });
});

describe("a page deep in the invoices is read from the invoices index whatever the statistics say", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "plans-"));
  let skewed: Database.Database | null = null;
  afterAll(() => {
    skewed?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  /** A copy of the test database whose statistics make reading every customer first look cheap. */
  function skewedCopy(): Database.Database {
    if (skewed) return skewed;
    const file = path.join(dir, "skewed.sqlite");
    testDatabase().prepare("VACUUM INTO ?").run(file);
    skewed = new Database(file);
    skewed.exec(`UPDATE sqlite_stat1 SET stat = '2 1'
      WHERE tbl = 'customers' AND idx = 'sqlite_autoindex_customers_1'; ANALYZE sqlite_schema`);
    return skewed;
  }
  // The number index's walk reads every status, oldest created first, to the list's end.
  for (const query of [
    "statuses=DRAFT,APPROVED,ISSUING,ISSUED,VOIDED",
    "",
    "orderBy=issuedAt:DESC",
  ])
    it(`/invoices?${query}, 50 rows from its end`, () => {
      const db = skewedCopy();
      const list = invoiceListQuery(sandboxInfo().demoBusinessId, invoiceFilters(query));
      const keys = db
        .prepare(
          `SELECT ${list.order.map((k, i) => `${k.expr} AS k${i}`).join(", ")} FROM ${list.from}
           WHERE ${list.where.join(" AND ")} ORDER BY ${orderBy(list, true)} LIMIT 1 OFFSET 50`,
        )
        .raw()
        .get(...list.params) as CursorKey[];
      const params: unknown[] = [];
      const detail = plan(list, db, {
        condition: afterCondition(list.order, params, keys),
        params,
      });
      expect(detail).toMatch(/^SEARCH i USING INDEX/);
      expect(detail).not.toMatch(/TEMP B-TREE|SCAN /);
    });
});
