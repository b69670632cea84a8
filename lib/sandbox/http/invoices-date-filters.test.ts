/**
 * GET /invoices filtered by issue date, due date and period start, checked against
 * the contract (docs/api.md, "GET /invoices"; docs/readings.md, "Invoices", "Dates"),
 * not against the code: bounds are taken from the data so that inclusivity is
 * exercised, down to bounds finer than a millisecond, and each answer is compared,
 * id by id and in order, with the whole list read once and filtered here by the
 * spec's own definition.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Invoice } from "@/lib/api/schemas";
import { ms } from "../testing/compare";
import { api } from "../testing/sandbox";
import {
  check,
  DAY,
  day,
  isIssued,
  issueMeasure,
  loadInvoiceData,
  NOW,
  STATUSES,
  TODAY,
} from "./testing/invoices";

/** Every invoice of the demo business, every status, as the list returns them by default. */
let all: Invoice[];

beforeAll(async () => {
  ({ all } = await loadInvoiceData());
});

describe("GET /invoices: issue-date filters", () => {
  // Bounds are taken from the data so that inclusivity is actually exercised.
  const issuedTimes = () =>
    all
      .filter((inv) => inv.issuedAt !== null)
      .map((inv) => inv.issuedAt!)
      .sort();
  const unissuedPeriodStarts = () =>
    all
      .filter((inv) => inv.issuedAt === null)
      .map((inv) => inv.periodStartAt)
      .sort();

  it("issueDateStartAt: issuedAt (or periodStartAt while unissued) at or after, bound included", async () => {
    const times = issuedTimes();
    const bound = times[Math.floor(times.length / 2)]!;
    const want = await check(`issueDateStartAt=${bound}`, (inv) => issueMeasure(inv) >= ms(bound), {
      statuses: STATUSES,
    });
    expect(want).toContain(all.find((inv) => inv.issuedAt === bound)!.id);
  });

  it("issueDateEndAt: same measure, at or before, bound included", async () => {
    const issued = all.filter(isIssued);
    const boundary = issued[Math.floor(issued.length / 3)]!;
    const bound = boundary.issuedAt!;
    const want = await check(`issueDateEndAt=${bound}`, (inv) => issueMeasure(inv) <= ms(bound));
    expect(want).toContain(boundary.id);
  });

  it("unissued invoices are measured by periodStartAt", async () => {
    const starts = unissuedPeriodStarts();
    expect(starts.length).toBeGreaterThan(0);
    const bound = starts[Math.floor(starts.length / 2)]!;
    const want = await check(
      `issueDateStartAt=${bound}&issueDateEndAt=${bound}`,
      (inv) => issueMeasure(inv) === ms(bound),
      {
        statuses: STATUSES,
      },
    );
    expect(want.some((id) => all.find((inv) => inv.id === id)!.issuedAt === null)).toBe(true);
  });

  it("a date-only bound is that day's UTC midnight, for start and end alike", async () => {
    // A day on which something was issued after midnight: the end bound must leave it out.
    const offMidnight = all.filter(
      (inv) => inv.status === "ISSUED" && inv.issuedAt !== null && ms(inv.issuedAt) % DAY !== 0,
    );
    const withTime = offMidnight[Math.floor(offMidnight.length / 2)];
    expect(withTime, "an invoice issued at a time other than midnight").toBeDefined();
    const d = day(withTime!.issuedAt!);
    const midnight = ms(`${d}T00:00:00.000Z`);
    const endWant = await check(`issueDateEndAt=${d}`, (inv) => issueMeasure(inv) <= midnight);
    expect(endWant).not.toContain(withTime!.id);
    const startWant = await check(`issueDateStartAt=${d}`, (inv) => issueMeasure(inv) >= midnight);
    expect(startWant).toContain(withTime!.id);
    // An unissued invoice planned exactly on a day is inside [day, day].
    const starts = unissuedPeriodStarts();
    const planned = day(starts[Math.floor(starts.length / 4)]!);
    await check(
      `issueDateStartAt=${planned}&issueDateEndAt=${planned}`,
      (inv) => issueMeasure(inv) === ms(`${planned}T00:00:00.000Z`),
      { statuses: STATUSES },
    );
  });

  it("a date-time with a zone offset is that instant", async () => {
    const bound = "2026-06-15T02:00:00+02:00"; // 2026-06-15T00:00:00Z
    await check(
      `issueDateStartAt=${encodeURIComponent(bound)}`,
      (inv) => issueMeasure(inv) >= Date.parse("2026-06-15T00:00:00.000Z"),
    );
  });

  it("a start after the end selects nothing; a range selects its inside", async () => {
    await check("issueDateStartAt=2026-06-01&issueDateEndAt=2026-05-01", () => false, {
      allowEmpty: true,
    });
    const lo = ms("2026-03-01T00:00:00.000Z");
    const hi = ms("2026-09-01T00:00:00.000Z");
    await check(
      "issueDateStartAt=2026-03-01&issueDateEndAt=2026-09-01T00:00:00.000Z",
      (inv) => issueMeasure(inv) >= lo && issueMeasure(inv) <= hi,
      { statuses: STATUSES },
    );
  });

  it("a malformed date is a 400", async () => {
    for (const query of [
      "issueDateStartAt=2026-02-30",
      "issueDateEndAt=tomorrow",
      "issueDateStartAt=2026-13-01",
    ]) {
      const res = await api(`/invoices?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.code).toBe("BAD_REQUEST");
    }
  });
});

describe("GET /invoices: due-date filters", () => {
  const due = (inv: Invoice) => (inv.dueAt === null ? null : ms(inv.dueAt));

  it("dueDateStartAt: only ISSUED invoices whose dueAt is at or after", async () => {
    const bound = new Date(TODAY).toISOString();
    await check(
      `dueDateStartAt=${bound}`,
      (inv) => isIssued(inv) && due(inv) !== null && due(inv)! >= TODAY,
      { statuses: STATUSES },
    );
  });

  it("dueDateEndAt: only ISSUED invoices whose dueAt is at or before (overdue ones)", async () => {
    await check(
      `dueDateEndAt=${encodeURIComponent(new Date(NOW).toISOString())}`,
      (inv) => isIssued(inv) && due(inv) !== null && due(inv)! <= NOW,
    );
  });

  it("both bounds, inclusive, with a bound equal to a real dueAt", async () => {
    const dues = all
      .filter((inv) => isIssued(inv) && inv.dueAt !== null)
      .map((inv) => inv.dueAt!)
      .sort();
    const lo = dues[Math.floor(dues.length / 4)]!;
    const hi = dues[Math.floor((dues.length * 3) / 4)]!;
    const want = await check(
      `dueDateStartAt=${lo}&dueDateEndAt=${hi}`,
      (inv) => isIssued(inv) && due(inv) !== null && due(inv)! >= ms(lo) && due(inv)! <= ms(hi),
    );
    expect(want).toContain(all.find((inv) => isIssued(inv) && inv.dueAt === lo)!.id);
    expect(want).toContain(all.find((inv) => isIssued(inv) && inv.dueAt === hi)!.id);
  });

  it("a date-only bound is UTC midnight", async () => {
    const d = day(new Date(TODAY - 20 * DAY).toISOString());
    await check(
      `dueDateEndAt=${d}`,
      (inv) => isIssued(inv) && due(inv) !== null && due(inv)! <= ms(`${d}T00:00:00.000Z`),
    );
  });

  it("statuses without ISSUED and a due-date filter: nothing", async () => {
    await check("dueDateStartAt=2000-01-01&statuses=DRAFT,APPROVED,ISSUING", () => false, {
      allowEmpty: true,
    });
  });

  it("a malformed date is a 400", async () => {
    const res = await api("/invoices?dueDateEndAt=2026-11-31");
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("BAD_REQUEST");
  });
});

describe("GET /invoices: period filters", () => {
  const periodStarts = () => [...new Set(all.map((inv) => inv.periodStartAt))].sort();

  it("periodStartAtOrAfter: periodStartAt at or after, bound included", async () => {
    const starts = periodStarts();
    const bound = starts[Math.floor(starts.length / 2)]!;
    const want = await check(
      `periodStartAtOrAfter=${bound}`,
      (inv) => ms(inv.periodStartAt) >= ms(bound),
      {
        statuses: STATUSES,
      },
    );
    expect(want).toContain(all.find((inv) => inv.periodStartAt === bound)!.id);
  });

  it("periodStartBefore: periodStartAt before, bound excluded", async () => {
    const starts = periodStarts();
    const bound = starts[Math.floor(starts.length / 2)]!;
    const want = await check(
      `periodStartBefore=${bound}`,
      (inv) => ms(inv.periodStartAt) < ms(bound),
      {
        statuses: STATUSES,
      },
    );
    expect(want).not.toContain(all.find((inv) => inv.periodStartAt === bound)!.id);
  });

  it("both: a half-open range; the same bound twice selects nothing", async () => {
    const starts = periodStarts();
    const lo = starts[Math.floor(starts.length / 3)]!;
    const hi = starts[Math.floor((starts.length * 2) / 3)]!;
    await check(
      `periodStartAtOrAfter=${day(lo)}&periodStartBefore=${day(hi)}`,
      (inv) => ms(inv.periodStartAt) >= ms(lo) && ms(inv.periodStartAt) < ms(hi),
    );
    await check(`periodStartAtOrAfter=${lo}&periodStartBefore=${lo}`, () => false, {
      allowEmpty: true,
      statuses: STATUSES,
    });
  });
});

describe("GET /invoices: date bounds finer than a millisecond", () => {
  // A bound 0.1 ms after a record's time: the record is before it, so "at or after"
  // leaves it out, and "at or before" and "before" keep it.
  const justAfter = (iso: string) => iso.replace(/Z$/, "1Z");
  const FINE = 0.1;

  it("issueDateStartAt and issueDateEndAt compare the exact instant", async () => {
    const boundary = all.filter(isIssued)[100]!;
    const bound = justAfter(boundary.issuedAt!);
    const after = await check(
      `issueDateStartAt=${bound}`,
      (inv) => issueMeasure(inv) >= ms(boundary.issuedAt!) + FINE,
    );
    expect(after).not.toContain(boundary.id);
    const upTo = await check(
      `issueDateEndAt=${bound}`,
      (inv) => issueMeasure(inv) <= ms(boundary.issuedAt!) + FINE,
    );
    expect(upTo).toContain(boundary.id);
  });

  it("dueDateStartAt and dueDateEndAt compare the exact instant", async () => {
    const boundary = all.filter(isIssued)[50]!;
    const bound = justAfter(boundary.dueAt!);
    const due = ms(boundary.dueAt!) + FINE;
    expect(
      await check(`dueDateStartAt=${bound}`, (inv) => isIssued(inv) && ms(inv.dueAt!) >= due),
    ).not.toContain(boundary.id);
    expect(
      await check(`dueDateEndAt=${bound}`, (inv) => isIssued(inv) && ms(inv.dueAt!) <= due),
    ).toContain(boundary.id);
  });

  it("periodStartAtOrAfter and periodStartBefore compare the exact instant", async () => {
    const boundary = all[all.length >> 1]!;
    const bound = justAfter(boundary.periodStartAt);
    const start = ms(boundary.periodStartAt) + FINE;
    const opts = { statuses: STATUSES };
    expect(
      await check(`periodStartAtOrAfter=${bound}`, (inv) => ms(inv.periodStartAt) >= start, opts),
    ).not.toContain(boundary.id);
    expect(
      await check(`periodStartBefore=${bound}`, (inv) => ms(inv.periodStartAt) < start, opts),
    ).toContain(boundary.id);
  });
});
