/**
 * Cursor pagination, written from docs/api.md ("Pages", "Cursors") and
 * docs/readings.md ("Pages", "Cursors", "Orders"): for random filters, orders and page
 * sizes of /customers, the forward walk, the backward walk and an independent answer
 * agree. The independent answer is one full forward walk (limit 100) of each
 * unfiltered list, with every status, filtered and sorted here in JS from the spec's
 * definitions (plus an SQL look-up for subscriptionFrequency, whose definition is not
 * visible on the records).
 */
import fc from "fast-check";
import { beforeAll, describe, it } from "vitest";
import {
  type Answer,
  CUSTOMER_ORDER_FIELDS,
  FREQUENCIES,
  HEALTHS,
  loadAnswer,
  type Params,
  type Rec,
} from "./testing/pagination";
import { combine, customerField, expectedOrders, num, time } from "./testing/pagination-orders";
import {
  checkWalks,
  expectCoverage,
  limitsArb,
  push,
  resetStats,
  sometimes,
} from "./testing/pagination-property";

let all: Answer["all"];
let frequencyCustomers: Answer["frequencyCustomers"];

beforeAll(async () => {
  ({ all, frequencyCustomers } = await loadAnswer());
}, 120_000);

// Hundreds of walks each: on a machine shared with other work they outlast the usual minute.
describe("property: forward walk, backward walk and the independent answer agree", {
  timeout: 180_000,
}, () => {
  const runs = { numRuns: 60, seed: Number(process.env.FC_SEED ?? 424242) };

  it("/customers", async () => {
    resetStats();
    const customers = all["/customers"];
    const names = customers.map((c) => c.name as string);
    const searchArb = fc
      .tuple(fc.constantFrom(...names), fc.nat(), fc.integer({ min: 1, max: 4 }), fc.boolean())
      .map(([name, at, len, flip]) => {
        const start = at % Math.max(1, name.length);
        const part = name.slice(start, start + len) || name;
        return flip ? part.toUpperCase() : part.toLowerCase();
      });
    const orderArb = fc
      .uniqueArray(fc.constantFrom(...CUSTOMER_ORDER_FIELDS), { minLength: 1, maxLength: 3 })
      .chain((fields) => fc.tuple(...fields.map((f) => fc.constantFrom(`${f}:ASC`, `${f}:DESC`))));
    const arb = fc.record({
      search: sometimes(
        fc.oneof(
          searchArb,
          fc.string({ minLength: 1, maxLength: 3 }).filter((s) => s.trim() === s && s.length > 0),
        ),
        3,
      ),
      subscriptionFrequency: sometimes(fc.constantFrom(...FREQUENCIES), 3),
      contractHealths: sometimes(fc.subarray([...HEALTHS], { minLength: 1 }), 2),
      orderBy: sometimes(orderArb, 1),
    });
    await fc.assert(
      fc.asyncProperty(arb, limitsArb, async (f, limits) => {
        const params: Params = [];
        push(params, "search", f.search);
        push(params, "subscriptionFrequency", f.subscriptionFrequency);
        push(params, "contractHealths", f.contractHealths?.join(","));
        push(params, "orderBy", f.orderBy?.join(","));
        const needle = f.search?.toLowerCase();
        const kept = customers.filter((c) => {
          if (needle !== undefined && !(c.name as string).toLowerCase().includes(needle))
            return false;
          if (
            f.subscriptionFrequency &&
            !frequencyCustomers.get(f.subscriptionFrequency)!.has(c.id)
          )
            return false;
          if (f.contractHealths && !f.contractHealths.includes(c.contractHealth as never))
            return false;
          return true;
        });
        const endKey = (r: Rec) =>
          r.coverageContractEndAt === null
            ? Number.POSITIVE_INFINITY
            : time(r.coverageContractEndAt);
        const cmp = f.orderBy
          ? combine(
              f.orderBy.map((o) => {
                const [field, dir] = o.split(":") as [string, string];
                return { cmp: customerField(field), desc: dir === "DESC" };
              }),
            )
          : combine([
              { cmp: customerField("contractHealth"), desc: false },
              { cmp: (a, b) => num(endKey(a), endKey(b)), desc: false },
              { cmp: customerField("name"), desc: false },
            ]);
        await checkWalks("/customers", params, expectedOrders(kept, [cmp]), limits, [
          "contractHealths",
        ]);
      }),
      runs,
    );
    expectCoverage();
  });
});
