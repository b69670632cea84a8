/**
 * A key reads exactly one business, from docs/api.md ("What the API covers", "Errors")
 * and docs/readings.md ("Keys and claims"): the two businesses' lists are disjoint,
 * the other business's records are 404 by id and filter to empty pages, and deleted
 * customers stay out.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { api, sandboxInfo, testDatabase } from "../testing/sandbox";
import {
  type BusinessLists,
  EVERY_STATUS,
  LISTS,
  type ListBody,
  loadBusinessLists,
  short,
  walk,
} from "./testing/isolation";

function expect404(res: { status: number; body: unknown }, where: string) {
  expect(res.status, `${where} → ${short(res.body)}`).toBe(404);
  expect(res.body, where).toEqual({
    message: "The record does not exist for your business.",
    code: "NOT_FOUND",
    issues: [],
  });
}

let lists: BusinessLists;

beforeAll(async () => {
  lists = await loadBusinessLists();
}, 120_000);

// ---------------------------------------------------------------------------

describe("a key reads exactly one business", () => {
  it("both businesses have records in every list", () => {
    for (const who of ["demo", "other"] as const)
      for (const path of LISTS)
        expect(lists[who][path].length, `${who} ${path}`).toBeGreaterThan(0);
  });

  it.each(LISTS)(
    "%s: the two businesses' lists are disjoint and each holds only its own records",
    (path) => {
      const demo = new Set(lists.demo[path].map((r) => r.id));
      const other = new Set(lists.other[path].map((r) => r.id));
      expect([...demo].filter((id) => other.has(id))).toEqual([]);
      const table = path.slice(1);
      const db = testDatabase();
      const owner = db.prepare(`SELECT business_id AS b FROM "${table}" WHERE id = ?`);
      const { demoBusinessId, otherBusinessId } = sandboxInfo();
      for (const id of demo)
        expect((owner.get(id) as { b: string }).b, `${path} ${id}`).toBe(demoBusinessId);
      for (const id of other)
        expect((owner.get(id) as { b: string }).b, `${path} ${id}`).toBe(otherBusinessId);
      // nothing of the other business's rows of this table shows up for the demo key
      const otherRows = (
        db.prepare(`SELECT id FROM "${table}" WHERE business_id = ?`).all(otherBusinessId) as {
          id: string;
        }[]
      ).map((r) => r.id);
      expect(otherRows.filter((id) => demo.has(id))).toEqual([]);
    },
  );

  it("the other business's invoices and customers are 404 by id, exactly like an unknown id", async () => {
    const { keys } = sandboxInfo();
    const otherInvoices = lists.other["/invoices"].slice(0, 60);
    const otherCustomers = lists.other["/customers"];
    for (const inv of otherInvoices) {
      expect404(await api(`/invoices/${inv.id}`), `demo key /invoices/${inv.id}`);
      expect((await api(`/invoices/${inv.id}`, { key: keys.other })).status).toBe(200);
    }
    for (const c of otherCustomers) {
      expect404(await api(`/customers/${c.id}`), `demo key /customers/${c.id}`);
      expect((await api(`/customers/${c.id}`, { key: keys.other })).status).toBe(200);
    }
    // and the other way round
    for (const inv of lists.demo["/invoices"].slice(0, 60))
      expect404(
        await api(`/invoices/${inv.id}`, { key: keys.other }),
        `other key /invoices/${inv.id}`,
      );
    for (const c of lists.demo["/customers"].slice(0, 60))
      expect404(
        await api(`/customers/${c.id}`, { key: keys.other }),
        `other key /customers/${c.id}`,
      );
    expect404(await api(`/invoices/${randomUUID()}`), "unknown invoice");
  });

  it("filtering the demo lists by the other business's customers and contracts gives empty pages", async () => {
    const { keys } = sandboxInfo();
    const otherCustomers = [
      ...new Set(lists.other["/invoices"].map((i) => i.customerId as string)),
    ].slice(0, 10);
    const otherContracts = [
      ...new Set(lists.other["/invoices"].map((i) => i.contractId as string)),
    ].slice(0, 10);
    const paying = lists.other["/payments"].find((p) => p.customerId !== null)
      ?.customerId as string;
    expect(otherCustomers.length).toBeGreaterThan(0);
    expect(paying).toBeDefined();
    const queries = [
      ...otherCustomers.map((c) => `/invoices${EVERY_STATUS["/invoices"]}&customerId=${c}`),
      `/invoices${EVERY_STATUS["/invoices"]}&customerIds=${otherCustomers.join(",")}`,
      ...otherContracts.map((c) => `/invoices${EVERY_STATUS["/invoices"]}&contractId=${c}`),
      `/contracts${EVERY_STATUS["/contracts"]}&customerIds=${otherCustomers.join(",")}`,
      `/payments?customerId=${paying}`,
    ];
    for (const q of queries) {
      const demo = await api<ListBody>(q);
      expect(demo.status, q).toBe(200);
      expect(demo.body, q).toEqual({ data: [], hasMore: false });
      // the same query with the other business's key does find records
      const theirs = await api<ListBody>(q, { key: keys.other });
      expect(theirs.status, q).toBe(200);
      expect(theirs.body.data.length, `${q} with the other key`).toBeGreaterThan(0);
    }
  });

  it("a deleted customer is 404 by id and absent from /customers", async () => {
    const db = testDatabase();
    const deleted = (
      db
        .prepare("SELECT id FROM customers WHERE business_id = ? AND deleted_at IS NOT NULL")
        .all(sandboxInfo().demoBusinessId) as { id: string }[]
    ).map((r) => r.id);
    expect(
      deleted.length,
      "the demo data has deleted customers (docs/readings.md, Demo data)",
    ).toBeGreaterThan(0);
    const listed = new Set(lists.demo["/customers"].map((c) => c.id));
    for (const id of deleted) {
      expect(listed.has(id), id).toBe(false);
      expect404(await api(`/customers/${id}`), `/customers/${id}`);
    }
    // and they stay out whatever the filters and order
    for (const q of [
      "/customers?contractHealths=RENEWAL_DUE,ENDING,HEALTHY,UPCOMING,NO_ACTIVE_CONTRACT,DRAFT_ONLY,NO_CONTRACTS",
      "/customers?orderBy=createdAt:DESC",
    ]) {
      const all = await walk(q, sandboxInfo().keys.demo);
      expect(
        all.filter((c) => deleted.includes(c.id)),
        q,
      ).toEqual([]);
    }
  });
});
