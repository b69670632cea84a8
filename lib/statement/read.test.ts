/**
 * A customer's statement from the real built-in API (the seeded test database),
 * through the server's own fetch path: its opening, running and closing balances
 * against a plain computation from the API's own lists made here, and its closing
 * balance against the customer record's own outstanding amount.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Fetcher } from "@/lib/api/client";
import { api, sandboxInfo, walkForward } from "@/lib/sandbox/testing/sandbox";
import { computeStatement } from "./compute";
import { presetPeriod } from "./period";

const TODAY = "2026-11-22";

let read: typeof import("./read");
let serverFetcher: Fetcher;

beforeAll(async () => {
  vi.stubEnv("SANDBOX_DB", sandboxInfo().dbPath);
  vi.stubEnv("INVOICING_API_URL", "");
  vi.stubEnv("INVOICING_API_KEY", sandboxInfo().keys.demo);
  read = await import("./read");
  ({ serverFetcher } = await import("@/lib/upstream/server-fetcher"));
});

interface Invoice {
  id: string;
  customerId: string;
  issuedAt: string;
  lastPaidAt: string | null;
  totalAmount: { value: number; currencyCode: string };
  appliedAmount: { value: number };
}

/** A customer with an invoice part-paid within the last 12 months, and payments before them too. */
async function partPaidCustomer(): Promise<string> {
  const partPaid = await walkForward<Invoice>(
    "/invoices?statuses=ISSUED&hasOutstandingBalance=true&hasAppliedPayments=true",
  );
  const from = presetPeriod("last12", TODAY).from;
  const counts = new Map<string, number>();
  for (const i of partPaid)
    if (i.lastPaidAt && i.lastPaidAt.slice(0, 10) >= from)
      counts.set(i.customerId, (counts.get(i.customerId) ?? 0) + 1);
  for (const [id] of [...counts].sort((a, b) => b[1] - a[1])) {
    const all = await walkForward<Invoice>(`/invoices?customerId=${id}&statuses=ISSUED`);
    const paidBefore = all.some((i) => i.lastPaidAt && i.lastPaidAt.slice(0, 10) < from);
    const paidWithin = all.some((i) => i.lastPaidAt && i.lastPaidAt.slice(0, 10) >= from);
    if (paidBefore && paidWithin && (await api(`/customers/${id}`)).status === 200) return id;
  }
  throw new Error("no part-paid customer with payments before and within the period");
}

describe("a customer's statement", () => {
  it("opens, runs and closes as the API's lists say, and closes on what the customer owes", async () => {
    const id = await partPaidCustomer();
    const period = presetPeriod("last12", TODAY);
    const source = await read.readStatementSource(serverFetcher, id);
    const statement = computeStatement(source.invoices, source.payments, period);

    // The same, from the lists, by hand: every issued invoice a charge on its issue
    // day, what it records as paid a payment on its latest payment's day.
    const invoices = await walkForward<Invoice>(`/invoices?customerIds=${id}&statuses=ISSUED`);
    expect(source.invoices.length).toBe(invoices.length);
    const customer = (await api(`/customers/${id}`)).body as {
      outstandingIssuedAmount: Record<string, { value: number }>;
    };
    for (const s of statement.statements) {
      const mine = invoices.filter((i) => i.totalAmount.currencyCode === s.currency);
      const events: { day: string; kind: number; amount: bigint }[] = [];
      for (const i of mine) {
        events.push({ day: i.issuedAt.slice(0, 10), kind: 0, amount: BigInt(i.totalAmount.value) });
        if (i.appliedAmount.value > 0)
          events.push({
            day: i.lastPaidAt!.slice(0, 10),
            kind: 1,
            amount: -BigInt(i.appliedAmount.value),
          });
      }
      const before = events.filter((e) => e.day < period.from);
      const within = events
        .filter((e) => e.day >= period.from && e.day <= period.to)
        .sort((a, b) => a.day.localeCompare(b.day) || a.kind - b.kind);
      const opening = before.reduce((n, e) => n + e.amount, 0n);
      expect(s.opening, `${s.currency} opening`).toBe(String(opening));
      let balance = opening;
      const running = within.map((e) => {
        balance += e.amount;
        return String(balance);
      });
      // Lines of one day and kind may come in another order; the balance after each day agrees.
      const lastOfDay = (days: string[], balances: string[]) =>
        Object.fromEntries(days.map((d, k) => [d, balances[k]]));
      expect(
        lastOfDay(
          s.lines.map((l) => l.date),
          s.lines.map((l) => l.balance),
        ),
      ).toEqual(
        lastOfDay(
          within.map((e) => e.day),
          running,
        ),
      );
      expect(s.lines.length).toBe(within.length);
      expect(s.closing, `${s.currency} closing`).toBe(String(balance));
      // Through today, the closing balance is the API's own figure of what is owed.
      expect(s.closing).toBe(String(customer.outstandingIssuedAmount[s.currency]?.value ?? 0));
    }
    expect(
      statement.statements.some((s) => s.lines.some((l) => l.kind === "payment" && !l.paidInFull)),
    ).toBe(true);
    expect(statement.statements.some((s) => s.opening !== "0")).toBe(true);
  });

  it("refuses a customer whose lists pass the bound, rather than show part of them", async () => {
    const id = await partPaidCustomer();
    // The real API, ten rows a page, so three pages do not hold the customer's invoices.
    const smallPages: Fetcher = (pathAndQuery, init) =>
      serverFetcher(pathAndQuery.replace("limit=100", "limit=10"), init);
    await expect(read.readStatementSource(smallPages, id, { maxPages: 3 })).rejects.toBeInstanceOf(
      read.StatementTooLarge,
    );
  });
});
