/**
 * Cursor pagination, written from docs/api.md ("Cursors") and docs/readings.md
 * ("Cursors"): which cursors are valid. Cursors are treated as opaque: never decoded,
 * only stored and sent back, or deliberately damaged, sent to another list or with
 * another business's key.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sandboxInfo } from "../testing/sandbox";
import {
  ALL_STATUSES,
  CURSOR_ALPHABET,
  CURSOR_RE,
  expect400,
  getPage,
  HEALTHS,
  LISTS,
  mutateAt,
  walkForward,
} from "./testing/pagination";

describe("cursor validity: both cursors, the alphabet, one character changed", () => {
  it.each(LISTS)("%s: startingAfter and endingBefore together → 400", async (path) => {
    const body = await getPage(path, [["limit", "2"]]);
    await expect400(
      path,
      [
        ["startingAfter", body.nextCursor!],
        ["endingBefore", body.prevCursor!],
      ],
      [],
    );
    await expect400(
      path,
      [
        ["startingAfter", body.nextCursor!],
        ["endingBefore", body.nextCursor!],
      ],
      [],
    );
  });

  it("cursors use only letters, digits, '.', '_', '-' and are at most 1024 characters", async () => {
    for (const path of LISTS) {
      const walk = await walkForward(path, ALL_STATUSES[path], [100]);
      for (const { body } of walk.pages) {
        expect(body.nextCursor).toMatch(CURSOR_RE);
        expect(body.prevCursor).toMatch(CURSOR_RE);
      }
    }
    const threeFields = await getPage("/customers", [
      [
        "orderBy",
        "coverageContractStartAt:DESC,contractValueAmount:ASC,remainingToInvoiceAmount:DESC",
      ],
      ["contractHealths", HEALTHS.join(",")],
      ["limit", "1"],
    ]);
    expect(threeFields.nextCursor).toMatch(CURSOR_RE);
    const names = await getPage("/customers", [
      ["orderBy", "name:DESC,createdAt:ASC,contractHealth:DESC"],
      ["limit", "1"],
    ]);
    expect(names.nextCursor).toMatch(CURSOR_RE);
  });

  it("a cursor with any one character changed → 400", async () => {
    const body = await getPage("/invoices", [["limit", "5"]]);
    const next = body.nextCursor!;
    for (let i = 0; i < next.length; i++)
      await expect400(
        "/invoices",
        [
          ["limit", "5"],
          ["startingAfter", mutateAt(next, i)],
        ],
        ["startingAfter"],
      );
    const prev = (
      await getPage("/invoices", [
        ["limit", "5"],
        ["startingAfter", next],
      ])
    ).prevCursor!;
    for (let i = 0; i < prev.length; i++)
      await expect400(
        "/invoices",
        [
          ["limit", "5"],
          ["endingBefore", mutateAt(prev, i)],
        ],
        ["endingBefore"],
      );
  });
});

describe("cursor validity: damaged, garbage, or sent elsewhere", () => {
  const damages: [string, (c: string) => string][] = [
    ["last character removed", (c) => c.slice(0, -1)],
    ["first character removed", (c) => c.slice(1)],
    ["a letter appended", (c) => `${c}A`],
    ["a digit appended", (c) => `${c}0`],
    ["a letter prepended", (c) => `A${c}`],
    ["reversed", (c) => [...c].reverse().join("")],
    ["doubled", (c) => `${c}${c}`.slice(0, 1024)],
    [
      "case swapped",
      (c) =>
        [...c].map((x) => (x === x.toUpperCase() ? x.toLowerCase() : x.toUpperCase())).join(""),
    ],
  ];
  it.each(damages)("a cursor with %s → 400", async (_, damage) => {
    const body = await getPage("/customers", [["limit", "5"]]);
    for (const [name, cursor] of [
      ["startingAfter", body.nextCursor!],
      ["endingBefore", body.prevCursor!],
    ] as const) {
      const damaged = damage(cursor);
      expect(damaged).not.toBe(cursor);
      await expect400(
        "/customers",
        [
          ["limit", "5"],
          [name, damaged],
        ],
        [name],
      );
    }
  });

  it("well-formed garbage cursors → 400", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...LISTS),
        fc.string({ unit: fc.constantFrom(...CURSOR_ALPHABET), minLength: 1, maxLength: 1024 }),
        fc.boolean(),
        async (path, garbage, backward) => {
          const name = backward ? "endingBefore" : "startingAfter";
          await expect400(path, [[name, garbage]], [name]);
        },
      ),
      { numRuns: 150, seed: 20261122 },
    );
  });

  it("a cursor of one list sent to another list → 400", async () => {
    for (const from of LISTS) {
      const body = await getPage(from, [["limit", "1"]]);
      for (const to of LISTS) {
        if (to === from) continue;
        await expect400(to, [["startingAfter", body.nextCursor!]], ["startingAfter"]);
        await expect400(to, [["endingBefore", body.prevCursor!]], ["endingBefore"]);
      }
    }
  });

  it("a cursor issued to one business sent with another business's key → 400, never data", async () => {
    const { keys } = sandboxInfo();
    for (const path of LISTS) {
      for (const [mine, theirs] of [
        [keys.demo, keys.other],
        [keys.other, keys.demo],
      ] as const) {
        const body = await getPage(path, [["limit", "1"]], mine);
        expect(body.data.length, `${path}: the business has no records`).toBe(1);
        await expect400(path, [["startingAfter", body.nextCursor!]], ["startingAfter"], theirs);
        await expect400(path, [["endingBefore", body.prevCursor!]], ["endingBefore"], theirs);
      }
    }
  });
});
