import { describe, expect, it } from "vitest";
import { computeStatement, type StatementInvoice, type StatementPayment } from "./compute";

const money = (value: number, currencyCode = "USD") => ({ value, currencyCode });

function invoice(
  number: string,
  issued: string,
  total: number,
  paid: { applied?: number; last?: string | null; full?: boolean; pending?: number } = {},
  currency = "USD",
): StatementInvoice {
  const applied = paid.applied ?? 0;
  const last = paid.last ?? null;
  return {
    id: `id-${number}`,
    number,
    issuedAt: `${issued}T10:00:00.000Z`,
    // Due on issue (no payment terms): days past due count from the issue day.
    dueAt: `${issued}T10:00:00.000Z`,
    lastPaidAt: last ? `${last}T00:00:00.000Z` : null,
    paidAt: paid.full && last ? `${last}T00:00:00.000Z` : null,
    totalAmount: money(total, currency),
    appliedAmount: money(applied, currency),
    pendingPaymentAmount: money(paid.pending ?? 0, currency),
  };
}

const payment = (received: string, amount: number, unapplied = 0): StatementPayment => ({
  id: `p-${received}-${amount}`,
  receivedDate: `${received}T00:00:00.000Z`,
  amountCents: amount,
  appliedAmountCents: amount - unapplied,
  unappliedAmountCents: unapplied,
  bankFee: null,
});

const PERIOD = { from: "2026-01-01", to: "2026-06-30" };

describe("a statement's balances", () => {
  const invoices = [
    // Before the period, paid before it: nothing in the opening balance.
    invoice("A", "2025-10-01", 10_000, { applied: 10_000, last: "2025-10-20", full: true }),
    // Before the period, part-paid before it: 6,000 of it open at the start.
    invoice("B", "2025-11-01", 10_000, { applied: 4_000, last: "2025-12-01" }),
    // Before the period, paid within it: all 20,000 open at the start, paid in March.
    invoice("C", "2025-12-15", 20_000, { applied: 20_000, last: "2026-03-03", full: true }),
    // Within the period, part-paid within it.
    invoice("D", "2026-02-01", 30_000, { applied: 12_000, last: "2026-02-20", pending: 5_000 }),
    // Within the period, paid after it: open at its end.
    invoice("E", "2026-05-01", 5_000, { applied: 5_000, last: "2026-07-15", full: true }),
    // After the period: not on it at all.
    invoice("F", "2026-07-01", 7_000),
  ];

  it("opens with what was owed, runs line by line, and closes on the open items' sum", () => {
    const s = computeStatement(invoices, [], PERIOD);
    expect(s.statements).toHaveLength(1);
    const usd = s.statements[0]!;
    expect(usd.opening).toBe(String(6_000 + 20_000));
    expect(
      usd.lines.map((l) => [l.date, l.kind, l.number, l.charge, l.payment, l.balance]),
    ).toEqual([
      ["2026-02-01", "invoice", "D", "30000", "0", "56000"],
      ["2026-02-20", "payment", "D", "0", "12000", "44000"],
      ["2026-03-03", "payment", "C", "0", "20000", "24000"],
      ["2026-05-01", "invoice", "E", "5000", "0", "29000"],
    ]);
    expect(usd.charges).toBe("35000");
    expect(usd.payments).toBe("32000");
    expect(usd.closing).toBe("29000");
    expect(usd.openItems.map((o) => [o.number, o.open, o.paid])).toEqual([
      ["B", "6000", "4000"],
      ["D", "18000", "12000"],
      ["E", "5000", "0"],
    ]);
    const openSum = usd.openItems.reduce((n, o) => n + BigInt(o.open), 0n);
    expect(openSum.toString()).toBe(usd.closing);
    const agingSum = Object.values(usd.aging).reduce((n, v) => n + BigInt(v), 0n);
    expect(agingSum.toString()).toBe(usd.closing);
    expect(usd.pending).toBe("5000");
    expect(usd.lines.find((l) => l.number === "C")?.paidInFull).toBe(true);
    expect(usd.lines.find((l) => l.kind === "payment" && l.number === "D")?.paidInFull).toBe(false);
  });

  it("ages the open items on the statement's last day", () => {
    const usd = computeStatement(invoices, [], PERIOD).statements[0]!;
    // B due 2025-11-01: 241 days before 2026-06-30; D due 2026-02-01: 149; E due 2026-05-01: 60.
    expect(usd.openItems.map((o) => [o.number, o.daysPastDue, o.bucket])).toEqual([
      ["B", 241, "90+"],
      ["D", 149, "90+"],
      ["E", 60, "31-60"],
    ]);
    expect(usd.aging).toEqual({
      current: "0",
      "1-30": "0",
      "31-60": "5000",
      "61-90": "0",
      "90+": "24000",
    });
  });

  it("keeps currencies apart, and says a payment's currency only for a one-currency customer", () => {
    const mixed = [...invoices, invoice("G", "2026-03-01", 9_900, {}, "EUR")];
    const payments = [payment("2026-02-20", 12_000), payment("2025-12-01", 4_500, 500)];
    const two = computeStatement(mixed, payments, PERIOD);
    expect(two.statements.map((s) => [s.currency, s.closing])).toEqual([
      ["USD", "29000"],
      ["EUR", "9900"],
    ]);
    expect(two.cash.currency).toBeNull();
    expect(two.cash.rows.map((p) => p.receivedDate.slice(0, 10))).toEqual(["2026-02-20"]);
    expect(two.cash.received).toBe("12000");
    // Unapplied: of every payment received by the period's end.
    expect(two.cash.unapplied).toBe("500");
    const one = computeStatement(invoices, payments, PERIOD);
    expect(one.cash.currency).toBe("USD");
    // A currency the customer's record names counts too: then it bills in two.
    expect(computeStatement(invoices, payments, PERIOD, ["CAD"]).cash.currency).toBeNull();
  });

  it("dates the payments of an invoice that gives no payment date on its issue day, and says so", () => {
    const undated = invoice("H", "2026-04-04", 1_000, { applied: 1_000, last: null });
    const line = computeStatement([undated], [], PERIOD).statements[0]!.lines.find(
      (l) => l.kind === "payment",
    );
    expect(line).toMatchObject({ date: "2026-04-04", undated: true, payment: "1000" });
  });

  it("has no currency section for a customer with no invoice issued by the period's end", () => {
    const s = computeStatement([invoice("F", "2026-07-01", 7_000)], [], PERIOD);
    expect(s.statements).toEqual([]);
    expect(s.currencies).toEqual(["USD"]);
  });
});
