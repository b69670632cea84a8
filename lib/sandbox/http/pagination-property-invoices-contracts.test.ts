/**
 * Cursor pagination, written from docs/api.md ("Pages", "Cursors") and
 * docs/readings.md ("Pages", "Cursors", "Orders"): for random filters, orders and page
 * sizes of /invoices and /contracts, the forward walk, the backward walk and an independent answer
 * agree. The independent answer is one full forward walk (limit 100) of each
 * unfiltered list, with every status, filtered and sorted here in JS from the spec's
 * definitions (plus an SQL look-up for needsApproval, whose definition is not visible
 * on the records). A heavy list and a light one in each file: the files share the
 * workers evenly.
 */
import fc from "fast-check";
import { beforeAll, describe, it } from "vitest";
import { SPEC_INVOICE_DATE_PARAMETERS } from "../testing/spec-terms";
import {
  type Answer,
  INVOICE_STATUSES,
  LIFECYCLE_STATUSES,
  loadAnswer,
  type Params,
  type Rec,
} from "./testing/pagination";
import { type Cmp, combine, expectedOrders, money, num, time } from "./testing/pagination-orders";
import {
  checkWalks,
  dateArb,
  expectCoverage,
  limitsArb,
  push,
  resetStats,
  sometimes,
} from "./testing/pagination-property";

let all: Answer["all"];
let needsApprovalIds: Answer["needsApprovalIds"];

beforeAll(async () => {
  ({ all, needsApprovalIds } = await loadAnswer());
}, 120_000);

// Hundreds of walks each: on a machine shared with other work they outlast the usual minute.
describe("property: forward walk, backward walk and the independent answer agree: /invoices", {
  timeout: 180_000,
}, () => {
  const runs = { numRuns: 60, seed: Number(process.env.FC_SEED ?? 424242) };

  it("/invoices", async () => {
    resetStats();
    const invoices = all["/invoices"];
    const customerIds = [...new Set(invoices.map((i) => i.customerId as string))];
    const contractIds = [...new Set(invoices.map((i) => i.contractId as string))];
    const arb = fc.record({
      customerId: sometimes(fc.constantFrom(...customerIds)),
      customerIds: sometimes(fc.subarray(customerIds, { minLength: 1, maxLength: 5 })),
      contractId: sometimes(fc.constantFrom(...contractIds), 6),
      statuses: sometimes(fc.subarray([...INVOICE_STATUSES], { minLength: 1 }), 2),
      needsApproval: sometimes(fc.boolean()),
      issueDateStartAt: sometimes(dateArb),
      issueDateEndAt: sometimes(dateArb),
      dueDateStartAt: sometimes(dateArb, 6),
      dueDateEndAt: sometimes(dateArb, 6),
      periodStartAtOrAfter: sometimes(dateArb, 6),
      periodStartBefore: sometimes(dateArb, 6),
      hasOutstandingBalance: sometimes(fc.boolean(), 6),
      hasAppliedPayments: sometimes(fc.boolean(), 6),
      hasUncoveredBalance: sometimes(fc.boolean(), 6),
      orderBy: sometimes(fc.constantFrom("issuedAt:ASC", "issuedAt:DESC"), 1),
    });
    await fc.assert(
      fc.asyncProperty(arb, limitsArb, async (f, limits) => {
        const params: Params = [];
        push(params, "customerId", f.customerId);
        push(params, "customerIds", f.customerIds?.join(","));
        push(params, "contractId", f.contractId);
        push(params, "statuses", f.statuses?.join(","));
        push(params, "needsApproval", f.needsApproval?.toString());
        for (const k of SPEC_INVOICE_DATE_PARAMETERS) push(params, k, f[k]?.text);
        push(params, "hasOutstandingBalance", f.hasOutstandingBalance?.toString());
        push(params, "hasAppliedPayments", f.hasAppliedPayments?.toString());
        push(params, "hasUncoveredBalance", f.hasUncoveredBalance?.toString());
        push(params, "orderBy", f.orderBy);

        const issueMeasure = (r: Rec) => time(r.issuedAt ?? r.periodStartAt);
        const issued = (r: Rec) => r.status === "ISSUED";
        const dueAt = (r: Rec) => (r.dueAt === null ? Number.NaN : time(r.dueAt));
        const kept = invoices.filter((r) => {
          if (f.customerId && r.customerId !== f.customerId) return false;
          if (f.customerIds && !f.customerIds.includes(r.customerId as string)) return false;
          if (f.contractId && r.contractId !== f.contractId) return false;
          if (f.statuses ? !f.statuses.includes(r.status as never) : r.status === "VOIDED")
            return false;
          if (f.needsApproval === true && !needsApprovalIds.has(r.id)) return false;
          if (f.issueDateStartAt && !(issueMeasure(r) >= f.issueDateStartAt.ms)) return false;
          if (f.issueDateEndAt && !(issueMeasure(r) <= f.issueDateEndAt.ms)) return false;
          if (f.dueDateStartAt && !(issued(r) && dueAt(r) >= f.dueDateStartAt.ms)) return false;
          if (f.dueDateEndAt && !(issued(r) && dueAt(r) <= f.dueDateEndAt.ms)) return false;
          if (f.periodStartAtOrAfter && !(time(r.periodStartAt) >= f.periodStartAtOrAfter.ms))
            return false;
          if (f.periodStartBefore && !(time(r.periodStartAt) < f.periodStartBefore.ms))
            return false;
          const applied = money(r, "appliedAmount");
          const total = money(r, "totalAmount");
          const remaining = money(r, "remainingAmount");
          if (f.hasOutstandingBalance !== undefined)
            if (!issued(r) || applied < total !== f.hasOutstandingBalance) return false;
          if (f.hasAppliedPayments !== undefined)
            if (!issued(r) || applied > 0 !== f.hasAppliedPayments) return false;
          if (f.hasUncoveredBalance !== undefined)
            if (!issued(r) || remaining > 0 !== f.hasUncoveredBalance) return false;
          return true;
        });
        const cmp: Cmp = f.orderBy
          ? combine([
              {
                cmp: (a, b) => num(issueMeasure(a), issueMeasure(b)),
                desc: f.orderBy === "issuedAt:DESC",
              },
            ])
          : (a, b) => num(time(a.createdAt), time(b.createdAt));
        await checkWalks("/invoices", params, expectedOrders(kept, [cmp]), limits, [
          "customerIds",
          "statuses",
        ]);
      }),
      runs,
    );
    expectCoverage();
  });
});

// Hundreds of walks each: on a machine shared with other work they outlast the usual minute.
describe("property: forward walk, backward walk and the independent answer agree: /contracts", {
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
