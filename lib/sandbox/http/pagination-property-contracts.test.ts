/**
 * Cursor pagination, written from docs/api.md ("Pages", "Cursors") and
 * docs/readings.md ("Pages", "Cursors", "Orders"): for random filters, orders and page
 * sizes of /contracts, the forward walk, the backward walk and an independent answer
 * agree. The independent answer is one full forward walk (limit 100) of each
 * unfiltered list, with every status, filtered and sorted here in JS from the spec's
 * definitions.
 */
import fc from "fast-check";
import { beforeAll, describe, it } from "vitest";
import { type Answer, LIFECYCLE_STATUSES, loadAnswer, type Params } from "./testing/pagination";
import { type Cmp, expectedOrders, num, time } from "./testing/pagination-orders";
import {
  checkWalks,
  expectCoverage,
  limitsArb,
  push,
  resetStats,
  sometimes,
} from "./testing/pagination-property";

let all: Answer["all"];

beforeAll(async () => {
  ({ all } = await loadAnswer());
}, 120_000);

// Hundreds of walks each: on a machine shared with other work they outlast the usual minute.
describe("property: forward walk, backward walk and the independent answer agree", {
  timeout: 180_000,
}, () => {
  const runs = { numRuns: 60, seed: Number(process.env.FC_SEED ?? 424242) };

  it("/contracts", async () => {
    resetStats();
    const contracts = all["/contracts"];
    const customerIds = [...new Set(contracts.map((c) => c.customerId as string))];
    const arb = fc.record({
      customerIds: sometimes(fc.subarray(customerIds, { minLength: 1, maxLength: 6 }), 2),
      statuses: sometimes(fc.subarray([...LIFECYCLE_STATUSES], { minLength: 1 }), 1),
      processingInvoices: sometimes(fc.boolean(), 2),
    });
    await fc.assert(
      fc.asyncProperty(arb, limitsArb, async (f, limits) => {
        const params: Params = [];
        push(params, "customerIds", f.customerIds?.join(","));
        push(params, "statuses", f.statuses?.join(","));
        push(params, "processingInvoices", f.processingInvoices?.toString());
        const kept = contracts.filter((c) => {
          if (f.customerIds && !f.customerIds.includes(c.customerId as string)) return false;
          if (
            f.statuses
              ? !f.statuses.includes(c.lifecycleStatus as never)
              : c.lifecycleStatus === "DELETED"
          )
            return false;
          if (f.processingInvoices !== undefined && c.processingInvoices !== f.processingInvoices)
            return false;
          return true;
        });
        const cmp: Cmp = (a, b) => num(time(a.createdAt), time(b.createdAt));
        await checkWalks("/contracts", params, expectedOrders(kept, [cmp]), limits, [
          "customerIds",
          "statuses",
        ]);
      }),
      runs,
    );
    expectCoverage();
  });
});
