/**
 * Cursor pagination, written from docs/api.md ("Pages", "Cursors") and
 * docs/readings.md ("Pages", "Cursors", "Orders"): for random filters, orders and page
 * sizes of /customers and /payments, the forward walk, the backward walk and an independent answer
 * agree. The independent answer is one full forward walk (limit 100) of each
 * unfiltered list, with every status, filtered and sorted here in JS from the spec's
 * definitions (plus an SQL look-up for subscriptionFrequency, whose definition is not visible
 * on the records). A heavy list and a light one in each file: the files share the
 * workers evenly.
 */
import fc from "fast-check";
import { beforeAll, describe, it } from "vitest";
import {
  type Answer,
  CUSTOMER_ORDER_FIELDS,
  FREQUENCIES,
  HEALTHS,
  loadAnswer,
  PAYMENT_ORDER_FIELDS,
  type Params,
  type Rec,
} from "./testing/pagination";
import {
  combine,
  customerField,
  expectedOrders,
  num,
  paymentField,
  time,
} from "./testing/pagination-orders";
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
describe("property: forward walk, backward walk and the independent answer agree: /customers", {
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

// Hundreds of walks each: on a machine shared with other work they outlast the usual minute.
describe("property: forward walk, backward walk and the independent answer agree: /payments", {
  timeout: 180_000,
}, () => {
  const runs = { numRuns: 60, seed: Number(process.env.FC_SEED ?? 424242) };

  it("/payments", async () => {
    resetStats();
    const payments = all["/payments"];
    const customerIds = [
      ...new Set(
        payments.map((p) => p.customerId).filter((c): c is string => typeof c === "string"),
      ),
    ];
    const orderArb = fc
      .uniqueArray(fc.constantFrom(...PAYMENT_ORDER_FIELDS), { minLength: 1, maxLength: 3 })
      .chain((fields) => fc.tuple(...fields.map((f) => fc.constantFrom(`${f}:ASC`, `${f}:DESC`))));
    const arb = fc.record({
      customerId: sometimes(fc.constantFrom(...customerIds), 1),
      isAttributed: sometimes(fc.boolean(), 2),
      // "false" is not defined by the spec for this filter: only true is drawn
      hasUnappliedAmount: sometimes(fc.constant(true as const), 2),
      orderBy: sometimes(orderArb, 1),
    });
    await fc.assert(
      fc.asyncProperty(arb, limitsArb, async (f, limits) => {
        const params: Params = [];
        push(params, "customerId", f.customerId);
        push(params, "isAttributed", f.isAttributed?.toString());
        push(params, "hasUnappliedAmount", f.hasUnappliedAmount?.toString());
        push(params, "orderBy", f.orderBy?.join(","));
        const kept = payments.filter((p) => {
          if (f.customerId && p.customerId !== f.customerId) return false;
          if (f.isAttributed !== undefined && (p.customerId !== null) !== f.isAttributed)
            return false;
          if (f.hasUnappliedAmount) {
            const fee = p.bankFee as { unappliedAmountCents: number } | null;
            if (!((p.unappliedAmountCents as number) > 0 || (fee?.unappliedAmountCents ?? 0) > 0))
              return false;
          }
          return true;
        });
        const cmps = [false, true].map((nullsHigh) =>
          f.orderBy
            ? combine(
                f.orderBy.map((o) => {
                  const [field, dir] = o.split(":") as [string, string];
                  return { cmp: paymentField(field, nullsHigh), desc: dir === "DESC" };
                }),
              )
            : combine([{ cmp: paymentField("receivedDate", nullsHigh), desc: true }]),
        );
        await checkWalks("/payments", params, expectedOrders(kept, cmps), limits, []);
      }),
      runs,
    );
    expectCoverage();
  });
});
