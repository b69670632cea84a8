/**
 * Cursor pagination, written from docs/api.md ("Cursors") and docs/readings.md
 * ("Cursors"): a cursor is bound to the filters and the order it was issued under,
 * while the same filters written in another order, or another limit, keep it valid.
 */
import { beforeAll, describe, expect, it } from "vitest";
import {
  type Answer,
  expect400,
  getPage,
  ids,
  loadAnswer,
  type Params,
} from "./testing/pagination";

let all: Answer["all"];

beforeAll(async () => {
  ({ all } = await loadAnswer());
}, 120_000);

async function cursorsOf(path: string, params: Params) {
  const body = await getPage(path, [...params, ["limit", "3"]]);
  expect(body.hasMore).toBe(true);
  return { next: body.nextCursor!, prev: body.prevCursor!, body };
}

describe("cursors are bound to their filters and order: a changed filter or order → 400", () => {
  it("/invoices: different statuses, a filter added or removed, a different orderBy → 400", async () => {
    const base: Params = [["statuses", "ISSUED,DRAFT"]];
    const { next, prev } = await cursorsOf("/invoices", base);
    const variants: Params[] = [
      [["statuses", "ISSUED"]],
      [],
      [["statuses", "ISSUED,DRAFT,APPROVED"]],
      [...base, ["orderBy", "issuedAt:ASC"]],
      [...base, ["needsApproval", "true"]],
      [...base, ["hasOutstandingBalance", "false"]],
      [...base, ["issueDateStartAt", "2000-01-01"]],
    ];
    for (const v of variants) {
      await expect400("/invoices", [...v, ["startingAfter", next]], ["startingAfter"]);
      await expect400("/invoices", [...v, ["endingBefore", prev]], ["endingBefore"]);
    }
  });

  it("/invoices: a cursor issued under orderBy is refused under another order or none", async () => {
    const { next } = await cursorsOf("/invoices", [["orderBy", "issuedAt:ASC"]]);
    await expect400(
      "/invoices",
      [
        ["orderBy", "issuedAt:DESC"],
        ["startingAfter", next],
      ],
      ["startingAfter"],
    );
    await expect400("/invoices", [["startingAfter", next]], ["startingAfter"]);
  });

  it("/customers: orderBy changed (direction, field added, reordered) → 400", async () => {
    const { next } = await cursorsOf("/customers", [["orderBy", "name:ASC,createdAt:DESC"]]);
    for (const orderBy of [
      "name:DESC,createdAt:DESC",
      "name:ASC",
      "createdAt:DESC,name:ASC",
      "name:ASC,createdAt:DESC,contractHealth:ASC",
    ])
      await expect400(
        "/customers",
        [
          ["orderBy", orderBy],
          ["startingAfter", next],
        ],
        ["startingAfter"],
      );
    await expect400("/customers", [["startingAfter", next]], ["startingAfter"]);
    await expect400(
      "/customers",
      [
        ["orderBy", "name:ASC,createdAt:DESC"],
        ["search", "a"],
        ["startingAfter", next],
      ],
      ["startingAfter"],
    );
  });

  it("/payments and /contracts: a changed filter → 400", async () => {
    const pay = await cursorsOf("/payments", [["isAttributed", "true"]]);
    await expect400(
      "/payments",
      [
        ["isAttributed", "false"],
        ["startingAfter", pay.next],
      ],
      ["startingAfter"],
    );
    await expect400("/payments", [["startingAfter", pay.next]], ["startingAfter"]);
    await expect400(
      "/payments",
      [
        ["isAttributed", "true"],
        // Another order than the default (receivedDate:DESC alone is the default order:
        // cursor-limits.test.ts).
        ["orderBy", "receivedDate:DESC,amountCents:DESC"],
        ["startingAfter", pay.next],
      ],
      ["startingAfter"],
    );
    const con = await cursorsOf("/contracts", [["processingInvoices", "false"]]);
    await expect400(
      "/contracts",
      [
        ["processingInvoices", "true"],
        ["startingAfter", con.next],
      ],
      ["startingAfter"],
    );
    await expect400("/contracts", [["startingAfter", con.next]], ["startingAfter"]);
  });
});

describe("cursors are bound to their filters and order: what keeps a cursor valid", () => {
  it("the same filters written in another order keep the cursor valid", async () => {
    const a = await cursorsOf("/invoices", [["statuses", "ISSUED,DRAFT"]]);
    const viaReordered = await getPage("/invoices", [
      ["statuses", "DRAFT,ISSUED"],
      ["limit", "3"],
      ["startingAfter", a.next],
    ]);
    const viaSame = await getPage("/invoices", [
      ["statuses", "ISSUED,DRAFT"],
      ["limit", "3"],
      ["startingAfter", a.next],
    ]);
    expect(viaReordered).toEqual(viaSame);
    expect(viaSame.data.length).toBe(3);

    // customerIds reordered, on /contracts and /invoices; parameters in another order too
    const customers = [...new Set(all["/contracts"].map((c) => c.customerId as string))].slice(
      0,
      6,
    );
    for (const path of ["/contracts", "/invoices"] as const) {
      const forward = customers.join(",");
      const reversed = [...customers].reverse().join(",");
      const first = await getPage(path, [
        ["customerIds", forward],
        ["limit", "2"],
      ]);
      expect(first.hasMore).toBe(true);
      const x = await getPage(path, [
        ["limit", "2"],
        ["startingAfter", first.nextCursor!],
        ["customerIds", reversed],
      ]);
      const y = await getPage(path, [
        ["customerIds", forward],
        ["limit", "2"],
        ["startingAfter", first.nextCursor!],
      ]);
      expect(x, path).toEqual(y);
    }

    const h = await cursorsOf("/customers", [["contractHealths", "HEALTHY,RENEWAL_DUE,ENDING"]]);
    await getPage("/customers", [
      ["contractHealths", "ENDING,HEALTHY,RENEWAL_DUE"],
      ["limit", "3"],
      ["startingAfter", h.next],
    ]);
  });

  it("limit may change between pages", async () => {
    const first = await getPage("/invoices", [["limit", "10"]]);
    const next = await getPage("/invoices", [
      ["limit", "37"],
      ["startingAfter", first.nextCursor!],
    ]);
    expect(ids(next.data)).toEqual(
      ids(all["/invoices"].filter((i) => i.status !== "VOIDED")).slice(10, 47),
    );
    const back = await getPage("/invoices", [
      ["limit", "4"],
      ["endingBefore", next.prevCursor!],
    ]);
    expect(ids(back.data)).toEqual(ids(first.data).slice(6, 10));
  });
});
