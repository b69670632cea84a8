/**
 * Cursor pagination, written from docs/api.md ("Pages") and docs/readings.md ("Pages",
 * "Orders"): the independent answer itself (every record of each list, once, in the
 * list's default order), page sizes and hasMore.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { sandboxInfo, testDatabase } from "../testing/sandbox";
import {
  ALL_STATUSES,
  type Answer,
  expect400,
  expectNoRepeats,
  getPage,
  ids,
  LISTS,
  type ListPath,
  loadAnswer,
  NIL_UUID,
  type Params,
  type Rec,
} from "./testing/pagination";
import {
  type Cmp,
  combine,
  customerField,
  expectedOrders,
  expectOneOf,
  num,
  paymentField,
  time,
} from "./testing/pagination-orders";

let all: Answer["all"];

beforeAll(async () => {
  ({ all } = await loadAnswer());
}, 120_000);

describe("the independent answer itself", () => {
  it("the unfiltered walks hold exactly the business's records, once each, in the default order", () => {
    const db = testDatabase();
    const business = sandboxInfo().demoBusinessId;
    const fromDb = {
      "/invoices": "SELECT id FROM invoices WHERE business_id = ?",
      "/customers": "SELECT id FROM customers WHERE business_id = ? AND deleted_at IS NULL",
      "/contracts": "SELECT id FROM contracts WHERE business_id = ?",
      "/payments": "SELECT id FROM payments WHERE business_id = ? AND type = 'CASH'",
    } satisfies Record<ListPath, string>;
    for (const path of LISTS) {
      const walked = ids(all[path]);
      expect(walked.length, path).toBeGreaterThan(0);
      expectNoRepeats(walked, path);
      const expected = (db.prepare(fromDb[path]).all(business) as { id: string }[]).map(
        (r) => r.id,
      );
      expect(new Set(walked), path).toEqual(new Set(expected));
    }
    const created: Cmp = (a, b) => num(time(a.createdAt), time(b.createdAt));
    expectOneOf(ids(all["/invoices"]), expectedOrders(all["/invoices"], [created]), "/invoices");
    expectOneOf(ids(all["/contracts"]), expectedOrders(all["/contracts"], [created]), "/contracts");
    expectOneOf(
      ids(all["/payments"]),
      expectedOrders(all["/payments"], [
        combine([{ cmp: paymentField("receivedDate", true), desc: true }]),
      ]),
      "/payments",
    );
    // docs/readings.md, Orders: health table order, then coverageContractEndAt ascending nulls last, then name.
    const endKey = (r: Rec) =>
      r.coverageContractEndAt === null ? Number.POSITIVE_INFINITY : time(r.coverageContractEndAt);
    const attention = combine([
      { cmp: customerField("contractHealth"), desc: false },
      { cmp: (a, b) => num(endKey(a), endKey(b)), desc: false },
      { cmp: customerField("name"), desc: false },
    ]);
    expectOneOf(
      ids(all["/customers"]),
      expectedOrders(all["/customers"], [attention]),
      "/customers",
    );
  });
});

describe("page sizes and hasMore", () => {
  it.each(LISTS)(
    "%s: default limit is 50, and a hasMore page holds exactly limit records",
    async (path) => {
      const body = await getPage(path, ALL_STATUSES[path]);
      const total = all[path].length;
      expect(body.data.length).toBe(Math.min(50, total));
      expect(body.hasMore).toBe(total > 50);
    },
  );

  it.each(LISTS)("%s: limit 1 and limit 100 work", async (path) => {
    for (const limit of [1, 100]) {
      const body = await getPage(path, [...ALL_STATUSES[path], ["limit", String(limit)]]);
      expect(body.data.length).toBe(Math.min(limit, all[path].length));
      expect(body.hasMore).toBe(all[path].length > limit);
      expect(ids(body.data)).toEqual(ids(all[path]).slice(0, limit));
    }
  });

  it.each(LISTS)(
    "%s: limit 0, 101, -1, 1.5, abc, 1e2, empty are 400 naming limit",
    async (path) => {
      for (const bad of [
        "0",
        "101",
        "-1",
        "1.5",
        "abc",
        "1e2",
        "",
        " 5",
        "0x10",
        "99999999999999999999",
      ])
        await expect400(path, [["limit", bad]], ["limit"]);
    },
  );

  it.each([
    ["/invoices", [["customerId", NIL_UUID]]],
    ["/customers", [["search", "zq-no-customer-is-named-this-qz"]]],
    ["/contracts", [["customerIds", NIL_UUID]]],
    ["/payments", [["customerId", NIL_UUID]]],
  ] as [ListPath, Params][])(
    "%s: a filter matching nothing gives an empty page without cursors",
    async (path, filters) => {
      const body = await getPage(path, filters);
      expect(body).toEqual({ data: [], hasMore: false });
    },
  );
});
