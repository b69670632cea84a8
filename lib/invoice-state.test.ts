import { describe, expect, it } from "vitest";
import { invoiceStanding, isOverdue, pendingPaymentNote } from "./invoice-state";

const usd = (value: number) => ({ value, currencyCode: "USD" });
const today = Date.parse("2026-11-22T09:30:00.000Z");
/** An issued invoice of $850.00 due before today, all of it in a card payment awaiting its funds. */
const pendingInFull = {
  status: "ISSUED",
  dueAt: "2025-06-12T00:00:00.000Z" as string | null,
  totalAmount: usd(85_000),
  appliedAmount: usd(0),
  pendingPaymentAmount: usd(85_000),
  remainingAmount: usd(0),
  paidAt: null as string | null,
  voidedAt: null as string | null,
  periodStartAt: "2025-05-13T00:00:00.000Z",
};

describe("an invoice with a card payment pending (docs/api.md, pendingPaymentAmount)", () => {
  it("leads with the pending amount, not with $0.00 still owed, and says it is still due", () => {
    const standing = invoiceStanding(pendingInFull, today);
    expect(standing).toEqual({
      figure: "$850.00",
      words:
        "in pending card payments, awaiting their funds: all that is still owed of $850.00, was due Jun 12, 2025",
    });
    expect(`${standing.figure} ${standing.words}`).not.toContain("$0.00");
    // Not paid until the funds arrive: past its due day it stays overdue, as the Overdue view counts it.
    expect(isOverdue(pendingInFull, today)).toBe(true);
  });

  it("after a part paid, the pending rest is what is left", () => {
    expect(
      invoiceStanding(
        {
          ...pendingInFull,
          totalAmount: usd(600_000),
          appliedAmount: usd(207_000),
          pendingPaymentAmount: usd(393_000),
        },
        today,
      ).figure,
    ).toBe("$3,930.00");
  });

  it("a row shows the pending amount beside what is owed, for issued invoices only", () => {
    expect(pendingPaymentNote(pendingInFull)).toBe("$850.00 pending");
    expect(pendingPaymentNote({ ...pendingInFull, pendingPaymentAmount: usd(0) })).toBeNull();
    expect(pendingPaymentNote({ ...pendingInFull, status: "VOIDED" })).toBeNull();
  });
});
