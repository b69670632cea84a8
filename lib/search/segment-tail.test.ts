import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { diskResultStore } from "@/lib/insights/result-store";
import { IndexStore } from "./index-store";
import { type InvoiceSegment, SharedStrings } from "./invoice-segment";
import { SegmentTail, type SegmentWriting } from "./segment-tail";
import type { InvoiceMatch } from "./types";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "segment-tail-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const invoice = (n: number): InvoiceMatch => ({
  id: randomUUID(),
  number: `INV-${n}`,
  customerId: "c6f0a7d2-0d5e-4f3b-9a59-0a5e8f2c3b11",
  customerName: "Wiza, Klein and Sons",
  status: "ISSUED",
  total: { value: 100, currencyCode: "USD" },
  issuedAt: "2025-03-12T10:00:00.000Z",
  periodStartAt: "2025-03-01T00:00:00.000Z",
});

describe("the growing end of the number index", () => {
  it("holds in memory only the blocks its manifest names, however often it is saved", async () => {
    const store = new IndexStore(diskResultStore(dir, { secret: async () => "s".repeat(64) }), "t");
    const w: SegmentWriting = {
      store,
      shared: new SharedStrings(),
      segments: new Map<string, InvoiceSegment>(),
      now: () => 0,
      written: [],
      replaced: [],
    };
    const tail = new SegmentTail(w, []);
    let refs: Awaited<ReturnType<SegmentTail["save"]>> = [];
    for (let save = 0; save < 4; save++) {
      for (let i = 0; i < 3; i++) tail.add(invoice(save * 3 + i));
      refs = await tail.save();
    }
    expect(refs).toHaveLength(1);
    expect(refs[0]!.count).toBe(12);
    expect([...w.segments.keys()]).toEqual([refs[0]!.key]);
    expect(w.replaced).toHaveLength(3);
    expect(
      w.segments
        .get(refs[0]!.key)!
        .rows()
        .map((r) => r.number),
    ).toEqual(Array.from({ length: 12 }, (_, n) => `INV-${n}`));
  });
});
