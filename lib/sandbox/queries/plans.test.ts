/**
 * Speed without a timed test: the first page of each common list must be read
 * in order from an index, never by sorting every matching row. A plan that says
 * "USE TEMP B-TREE FOR ORDER BY" costs time proportional to the whole list.
 */
import { describe, expect, it } from "vitest";
import { type InvoiceFilters, invoiceFilterParams, parseQuery } from "@/lib/api/list-params";
import { sandboxInfo, testDatabase } from "../testing/sandbox";
import { contractListQuery } from "./contracts";
import { customerListQuery } from "./customers";
import { invoiceListQuery } from "./invoices";
import type { KeysetQuery } from "./keyset";
import { paymentListQuery } from "./payments";

function plan(query: Omit<KeysetQuery, "limit" | "cursor">): string {
  const sql = `SELECT ${query.select} FROM ${query.from} WHERE ${query.where.join(" AND ")} ORDER BY ${query.order
    .map((k) => `${k.expr} ${k.direction}`)
    .join(", ")} LIMIT 51`;
  return (
    testDatabase()
      .prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .all(...query.params) as { detail: string }[]
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
