/**
 * Cursor pagination, written from docs/api.md ("Pages", "Cursors") and
 * docs/readings.md ("Pages", "Cursors"): walking a whole list forward and backward,
 * past either end, and sending a cursor again.
 */
import { beforeAll, describe, expect, it } from "vitest";
import {
  ALL_STATUSES,
  type Answer,
  getPage,
  INVOICE_STATUSES,
  ids,
  LISTS,
  type ListPath,
  loadAnswer,
  type Params,
  walkBackward,
  walkForward,
} from "./testing/pagination";

let all: Answer["all"];

beforeAll(async () => {
  ({ all } = await loadAnswer());
}, 120_000);

describe("walking a list", () => {
  it.each(LISTS)(
    "%s: forward walk with changing limits covers the list once, in order",
    async (path) => {
      const walk = await walkForward(path, ALL_STATUSES[path], [97, 1, 100, 33, 64]);
      expect(walk.ids).toEqual(ids(all[path]));
    },
  );

  it.each(["/customers", "/contracts"] as ListPath[])(
    "%s: backward walk from the end with small pages gives the same ids in the same order",
    async (path) => {
      const limits = [7, 3, 11];
      const forward = await walkForward(path, ALL_STATUSES[path], [13, 5]);
      const backward = await walkBackward(path, ALL_STATUSES[path], forward, limits);
      expect(backward).toEqual(forward.ids);
    },
  );

  it("/invoices: backward walk of one customer's invoices ordered by issuedAt:DESC", async () => {
    const customer = all["/invoices"][0]!.customerId as string;
    const filters: Params = [
      ["customerId", customer],
      ["statuses", INVOICE_STATUSES.join(",")],
      ["orderBy", "issuedAt:DESC"],
    ];
    const forward = await walkForward("/invoices", filters, [4, 9]);
    expect(forward.ids.length).toBeGreaterThan(0);
    const backward = await walkBackward("/invoices", filters, forward, [5, 2]);
    expect(backward).toEqual(forward.ids);
  });

  it("reading before the first page and after the last page gives empty pages", async () => {
    const first = await getPage("/customers", [["limit", "10"]]);
    const before = await getPage("/customers", [
      ["limit", "10"],
      ["endingBefore", first.prevCursor!],
    ]);
    expect(before).toEqual({ data: [], hasMore: false });

    const total = all["/customers"].length;
    const lastStart = total - (total % 100 || 100);
    const walk = await walkForward("/customers", [], [100]);
    const last = walk.pages.at(-1)!;
    expect(last.start).toBe(lastStart);
    expect(last.body.hasMore).toBe(false);
    const after = await getPage("/customers", [
      ["limit", "100"],
      ["startingAfter", last.body.nextCursor!],
    ]);
    expect(after).toEqual({ data: [], hasMore: false });
  });

  it("a backward page's nextCursor continues forward right after it", async () => {
    const forward = await walkForward("/contracts", [], [20]);
    const third = forward.pages[2]!;
    const back = await getPage("/contracts", [
      ["limit", "20"],
      ["endingBefore", third.body.prevCursor!],
    ]);
    expect(ids(back.data)).toEqual(forward.ids.slice(20, 40));
    const again = await getPage("/contracts", [
      ["limit", "20"],
      ["startingAfter", back.nextCursor!],
    ]);
    expect(ids(again.data)).toEqual(forward.ids.slice(40, 60));
  });

  it("a cursor can be sent again and gives the same page", async () => {
    const first = await getPage("/invoices", [["limit", "5"]]);
    const a = await getPage("/invoices", [
      ["limit", "5"],
      ["startingAfter", first.nextCursor!],
    ]);
    const b = await getPage("/invoices", [
      ["limit", "5"],
      ["startingAfter", first.nextCursor!],
    ]);
    expect(b).toEqual(a);
  });
});
