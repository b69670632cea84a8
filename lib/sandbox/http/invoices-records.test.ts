/**
 * The Invoice record (docs/api.md, "Invoice"; docs/readings.md, "Invoices"): the
 * rules every invoice of the whole list (read once, every status) must keep, GET
 * /invoices/{id} against the list record, and the kinds of invoice the demo data
 * must hold for the other checks to mean something.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Customer, Invoice, InvoiceLine } from "@/lib/api/schemas";
import { ids, ms } from "../testing/compare";
import { api } from "../testing/sandbox";
import {
  byIdAsc,
  countBy,
  DAY,
  isIssued,
  loadInvoiceData,
  NOW,
  STATUSES,
  violations,
} from "./testing/invoices";

/** Every invoice of the demo business, every status, as the list returns them by default. */
let all: Invoice[];
let customers: Customer[];

beforeAll(async () => {
  ({ all, customers } = await loadInvoiceData());
});

describe("Invoice record rules: amounts, payments and voiding", () => {
  it("dueAt = issuedAt + paymentTermsDays × 24 h; null when either is null", () => {
    expect(
      violations((inv) =>
        inv.issuedAt === null || inv.paymentTermsDays === null
          ? inv.dueAt === null
          : inv.dueAt !== null && ms(inv.dueAt) === ms(inv.issuedAt) + inv.paymentTermsDays * DAY,
      ),
    ).toEqual([]);
    expect(all.some((inv) => inv.dueAt !== null)).toBe(true);
  });

  it("every money object of an invoice is in one currency", () => {
    expect(
      violations((inv) =>
        [inv.appliedAmount, inv.pendingPaymentAmount, inv.remainingAmount].every(
          (m) => m.currencyCode === inv.totalAmount.currencyCode,
        ),
      ),
    ).toEqual([]);
  });

  it("remainingAmount = totalAmount − appliedAmount − pendingPaymentAmount", () => {
    expect(
      violations(
        (inv) =>
          inv.remainingAmount.value ===
          inv.totalAmount.value - inv.appliedAmount.value - inv.pendingPaymentAmount.value,
      ),
    ).toEqual([]);
  });

  it("payments apply only to issued invoices: before issue and when voided, remaining = total", () => {
    expect(
      violations(
        (inv) =>
          inv.status === "ISSUED" ||
          (inv.appliedAmount.value === 0 &&
            inv.pendingPaymentAmount.value === 0 &&
            inv.remainingAmount.value === inv.totalAmount.value),
      ),
    ).toEqual([]);
  });

  it("paidAt is set iff applied covers the total (and something is applied); paidAt ≤ lastPaidAt", () => {
    expect(
      violations((inv) => {
        const paid =
          inv.appliedAmount.value >= inv.totalAmount.value && inv.appliedAmount.value > 0;
        return paid === (inv.paidAt !== null);
      }),
    ).toEqual([]);
    expect(
      violations(
        (inv) =>
          inv.paidAt === null || (inv.lastPaidAt !== null && ms(inv.paidAt) <= ms(inv.lastPaidAt)),
      ),
    ).toEqual([]);
    // Covered exactly: the latest payment covering the total is the latest one applied.
    expect(
      violations(
        (inv) =>
          inv.paidAt === null ||
          inv.appliedAmount.value !== inv.totalAmount.value ||
          inv.paidAt === inv.lastPaidAt,
      ),
    ).toEqual([]);
  });

  it("lastPaidAt is set iff something is applied", () => {
    expect(violations((inv) => inv.appliedAmount.value > 0 === (inv.lastPaidAt !== null))).toEqual(
      [],
    );
  });

  it("voidedAt is set iff the status is VOIDED", () => {
    expect(violations((inv) => (inv.status === "VOIDED") === (inv.voidedAt !== null))).toEqual([]);
  });
});

describe("Invoice record rules: states, approval, delivery, numbers and names", () => {
  it("ISSUED has issuedAt; DRAFT and APPROVED have none (null until issued)", () => {
    expect(violations((inv) => inv.status !== "ISSUED" || inv.issuedAt !== null)).toEqual([]);
    expect(
      violations(
        (inv) => !(inv.status === "DRAFT" || inv.status === "APPROVED") || inv.issuedAt === null,
      ),
    ).toEqual([]);
  });

  it("DRAFT: not approved, no approver, no delivery method", () => {
    expect(
      violations(
        (inv) =>
          inv.status !== "DRAFT" ||
          (inv.approvedAt === null &&
            inv.approvedByUserId === null &&
            inv.approvedByUser === null &&
            inv.approvedByApiKeyId === null &&
            inv.deliveryMethod === null),
      ),
    ).toEqual([]);
  });

  it("APPROVED: approvedAt, an approver (person or key) and a delivery method are set", () => {
    expect(
      violations(
        (inv) =>
          inv.status !== "APPROVED" ||
          (inv.approvedAt !== null &&
            (inv.approvedByUserId !== null || inv.approvedByApiKeyId !== null) &&
            inv.deliveryMethod !== null),
      ),
    ).toEqual([]);
  });

  it("approved by a person or by a key, not both; an APPROVED invoice was approved before its period start", () => {
    expect(
      violations((inv) => inv.approvedByUserId === null || inv.approvedByApiKeyId === null),
    ).toEqual([]);
    expect(
      violations(
        (inv) =>
          inv.status !== "APPROVED" ||
          (inv.approvedAt !== null && ms(inv.approvedAt) < ms(inv.periodStartAt)),
      ),
    ).toEqual([]);
  });

  it("ISSUING starts on periodStartAt, the planned issue day: never before it", () => {
    expect(violations((inv) => inv.status !== "ISSUING" || ms(inv.periodStartAt) <= NOW)).toEqual(
      [],
    );
  });

  it("delivery: no method recorded ⇒ never emailed; ISSUED by EMAIL ⇒ emailing was started", () => {
    expect(violations((inv) => inv.deliveryMethod !== null || inv.lastSentAt === null)).toEqual([]);
    expect(
      violations(
        (inv) =>
          !(inv.status === "ISSUED" && inv.deliveryMethod === "EMAIL") || inv.lastSentAt !== null,
      ),
    ).toEqual([]);
    expect(all.some((inv) => inv.status === "ISSUED" && inv.deliveryMethod === "EMAIL")).toBe(true);
  });

  it("approvedByUser is present iff approvedByUserId, with that id", () => {
    expect(
      violations((inv) =>
        inv.approvedByUserId === null
          ? inv.approvedByUser === null
          : inv.approvedByUser !== null &&
            inv.approvedByUser.id === inv.approvedByUserId &&
            inv.approvedByUser.firstName.length > 0,
      ),
    ).toEqual([]);
    expect(all.some((inv) => inv.approvedByUser !== null)).toBe(true);
  });

  it("numbers are unique among the entity's invoices, voided ones included", () => {
    const counts = countBy(all, (inv) => inv.number);
    expect([...counts.entries()].filter(([, n]) => n > 1)).toEqual([]);
  });

  it("the period ends after it starts", () => {
    expect(violations((inv) => ms(inv.periodEndAt) > ms(inv.periodStartAt))).toEqual([]);
  });

  it("until issue, customerName is the customer's current name", () => {
    const names = new Map(customers.map((c) => [c.id, c.name]));
    const unissued = all.filter(
      (inv) =>
        (inv.status === "DRAFT" || inv.status === "APPROVED" || inv.status === "VOIDED") &&
        names.has(inv.customerId),
    );
    expect(unissued.length).toBeGreaterThan(0);
    expect(
      unissued.filter((inv) => inv.customerName !== names.get(inv.customerId)).map((inv) => inv.id),
    ).toEqual([]);
  });
});

describe("GET /invoices/{id}", () => {
  /** A spread of invoices: the first few of every status, then every 60th. */
  function sample(): Invoice[] {
    const picked = new Map<string, Invoice>();
    for (const status of STATUSES)
      for (const inv of all.filter((i) => i.status === status).slice(0, 8)) picked.set(inv.id, inv);
    all.forEach((inv, i) => {
      if (i % 60 === 0) picked.set(inv.id, inv);
    });
    return [...picked.values()];
  }

  it("returns the list record with lines filled, ordered by billingStartAt then id, summing to totalAmount", async () => {
    const problems: string[] = [];
    let lineCount = 0;
    for (const inv of sample()) {
      const res = await api<Invoice>(`/invoices/${inv.id}`);
      if (res.status !== 200) {
        problems.push(`${inv.id}: status ${res.status}`);
        continue;
      }
      const { lines, ...rest } = res.body;
      const { lines: listLines, ...listRest } = inv;
      expect(listLines).toBeNull();
      if (JSON.stringify(rest) !== JSON.stringify(listRest)) {
        expect(rest, `${inv.id}: the by-id record equals the list record except lines`).toEqual(
          listRest,
        );
      }
      if (!Array.isArray(lines)) {
        problems.push(`${inv.id}: lines is ${JSON.stringify(lines)}`);
        continue;
      }
      lineCount += lines.length;
      const sorted = [...lines].sort(
        (a: InvoiceLine, b: InvoiceLine) =>
          ms(a.billingStartAt) - ms(b.billingStartAt) || byIdAsc(a, b),
      );
      if (ids(sorted).join() !== ids(lines).join()) problems.push(`${inv.id}: lines out of order`);
      const sum = lines.reduce((s, line) => s + line.amount.value, 0);
      if (sum !== inv.totalAmount.value)
        problems.push(`${inv.id}: lines sum ${sum} ≠ total ${inv.totalAmount.value}`);
      for (const line of lines) {
        if (line.invoiceId !== inv.id)
          problems.push(`${inv.id}: line ${line.id} has invoiceId ${line.invoiceId}`);
        if (line.amount.currencyCode !== inv.totalAmount.currencyCode)
          problems.push(`${inv.id}: line ${line.id} in ${line.amount.currencyCode}`);
        if (ms(line.billingEndAt) <= ms(line.billingStartAt))
          problems.push(`${inv.id}: line ${line.id} ends before it starts`);
      }
    }
    expect(problems).toEqual([]);
    expect(lineCount).toBeGreaterThan(0);
  });

  it("an id written in upper case reads the same invoice", async () => {
    const inv = all[0]!;
    const res = await api<Invoice>(`/invoices/${inv.id.toUpperCase()}`);
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(inv.id);
  });

  it("an unknown invoice is a 404", async () => {
    const res = await api("/invoices/6f1c2d3e-4b5a-4c6d-8e7f-901234567890");
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("NOT_FOUND");
  });
});

describe("Data the sandbox holds: invoices", () => {
  it("every invoice status occurs", () => {
    expect(new Set(all.map((inv) => inv.status))).toEqual(new Set(STATUSES));
  });

  it("backdated invoices occur (issuedAt before createdAt)", () => {
    expect(all.some((inv) => inv.issuedAt !== null && ms(inv.issuedAt) < ms(inv.createdAt))).toBe(
      true,
    );
  });

  it("paid, part-paid, unpaid and pending-card issued invoices occur", () => {
    const issued = all.filter(isIssued);
    expect(
      issued.some((inv) => inv.paidAt !== null),
      "paid",
    ).toBe(true);
    expect(
      issued.some(
        (inv) => inv.appliedAmount.value > 0 && inv.appliedAmount.value < inv.totalAmount.value,
      ),
      "part-paid",
    ).toBe(true);
    expect(
      issued.some((inv) => inv.appliedAmount.value === 0 && inv.totalAmount.value > 0),
      "unpaid",
    ).toBe(true);
    expect(
      issued.some((inv) => inv.pendingPaymentAmount.value > 0),
      "pending card payment",
    ).toBe(true);
  });

  it("overdue invoices occur", () => {
    expect(
      all.some(
        (inv) =>
          isIssued(inv) &&
          inv.dueAt !== null &&
          ms(inv.dueAt) < NOW &&
          inv.appliedAmount.value < inv.totalAmount.value,
      ),
    ).toBe(true);
  });

  it("all four currencies occur", () => {
    expect(new Set(all.map((inv) => inv.totalAmount.currencyCode))).toEqual(
      new Set(["USD", "CAD", "EUR", "USDC"]),
    );
  });
});
