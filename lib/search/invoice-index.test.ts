import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { InvoiceIndex } from "./invoice-index";
import { InvoiceSegment, SharedStrings } from "./invoice-segment";
import { segmentToStored, storedMatches } from "./segment-stored";
import type { InvoiceMatch } from "./types";

const DAY = 86_400_000;
const T0 = Date.parse("2026-01-01T00:00:00.000Z");

function invoice(number: string, over: Partial<InvoiceMatch> = {}): InvoiceMatch {
  return {
    id: randomUUID(),
    number,
    customerId: "c6f0a7d2-0d5e-4f3b-9a59-0a5e8f2c3b11",
    customerName: "Wiza, Klein and Sons",
    status: "ISSUED",
    total: { value: 120_000, currencyCode: "USD" },
    issuedAt: "2025-03-12T10:00:00.000Z",
    periodStartAt: "2025-03-01T00:00:00.000Z",
    ...over,
  };
}

const numbers = (found: { shown: InvoiceMatch[] }) => found.shown.map((m) => m.number);

describe("a segment of the number index", () => {
  it("gives back every field as it was read, through the store's form too", () => {
    const shared = new SharedStrings();
    const rows = [
      invoice("INV-2025-000001"),
      invoice("inv-lower-2", {
        customerName: null,
        status: "SOMETHING_NEW",
        issuedAt: null,
        total: { value: -5, currencyCode: "USDC" },
      }),
    ];
    const segment = new InvoiceSegment(shared, rows);
    expect(segment.rows()).toEqual(rows);
    const again = new InvoiceSegment(
      new SharedStrings(),
      storedMatches(JSON.parse(JSON.stringify(segmentToStored(segment)))),
    );
    expect(again.rows()).toEqual(rows);
  });
});

describe("the number index", () => {
  const shared = new SharedStrings();
  const older = new InvoiceSegment(shared, [
    invoice("INV-2024-006284"),
    invoice("INV-2024-016284"),
    invoice("INV-2024-062840"),
  ]);
  const newer = new InvoiceSegment(shared, [
    invoice("INV-2025-006284"),
    invoice("6284-INV-2025"),
    invoice("INV-2025-000007"),
  ]);
  const index = new InvoiceIndex(shared, {
    finals: [older, newer],
    far: [],
    near: [],
    nearFrom: Number.NEGATIVE_INFINITY,
  });

  it("finds the number itself first, then numbers ending, starting with and holding what is typed", () => {
    expect(numbers(index.find("6284"))).toEqual([
      "INV-2025-006284",
      "INV-2024-016284",
      "INV-2024-006284",
      "6284-INV-2025",
      "INV-2024-062840",
    ]);
    expect(numbers(index.find("inv-2024-016284"))).toEqual(["INV-2024-016284"]);
    expect(index.find("6284").counted).toBe(5);
  });
  it("reads the typed number without case, spaces around it or a leading #", () => {
    expect(index.exact(" #inv-2025-000007 ")?.number).toBe("INV-2025-000007");
    expect(index.exact("INV-2025-00000")).toBeNull();
    expect(index.find("nothing like it")).toEqual({ shown: [], counted: 0, more: false });
  });
  it("counts up to its cap, and says when more match", () => {
    const found = index.find("INV", 2, 4);
    expect(found.shown).toHaveLength(2);
    expect(found).toMatchObject({ counted: 4, more: true });
    expect(index.find("INV", 8, 6)).toMatchObject({ counted: 6, more: false });
    expect(index.count).toBe(6);
  });
  it("finds a row once, however often its number holds what is typed", () => {
    const twice = new InvoiceIndex(shared, {
      finals: [new InvoiceSegment(shared, [invoice("A-11-11"), invoice("B-11")])],
      far: [],
      near: [],
      nearFrom: Number.NEGATIVE_INFINITY,
    });
    expect(numbers(twice.find("11"))).toEqual(["B-11", "A-11-11"]);
  });
  it("takes near's newer reading of an unissued invoice over far's", () => {
    const nearFrom = T0 + 32 * DAY;
    const moved = invoice("DRAFT-1", {
      status: "DRAFT",
      periodStartAt: new Date(T0 + 60 * DAY).toISOString(),
    });
    const soon = invoice("DRAFT-2", {
      status: "DRAFT",
      periodStartAt: new Date(T0 + 5 * DAY).toISOString(),
    });
    const later = invoice("DRAFT-3", {
      status: "DRAFT",
      periodStartAt: new Date(T0 + 90 * DAY).toISOString(),
    });
    const far = new InvoiceSegment(shared, [moved, soon, later]);
    const near = new InvoiceSegment(shared, [{ ...moved, number: "DRAFT-1B" }]);
    const parts = new InvoiceIndex(shared, { finals: [], far: [far], near: [near], nearFrom });
    // DRAFT-1 was renumbered (near read it again); DRAFT-2 is planned soon, so near
    // holds it if it is still unissued; DRAFT-3 stands as the far reading has it.
    expect(numbers(parts.find("DRAFT"))).toEqual(["DRAFT-1B", "DRAFT-3"]);
    expect(parts.exact("DRAFT-1")).toBeNull();
    expect(parts.exact("DRAFT-1B")?.id).toBe(moved.id);
  });
});
