/**
 * Row mapping of each list's export, on real pages of the built-in API (the seeded
 * test database): every row carries its record's id, money as exact decimals with
 * the currency, dates as ISO.
 */
import { describe, expect, it } from "vitest";
import { api } from "@/lib/sandbox/testing/sandbox";
import {
  contractExport,
  customerCurrencies,
  customerExport,
  invoiceExport,
  paymentExport,
} from "./columns";
import { decimalOfMinor } from "./csv";

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const DECIMAL = /^-?\d+\.\d{2}$/;

function byHeader(header: string[], row: string[]) {
  return Object.fromEntries(header.map((h, i) => [h, row[i]!]));
}

describe("export columns on real API pages", () => {
  it("invoices: one row per invoice, amounts as decimals in the invoice's currency", async () => {
    const page = await api("/invoices?limit=100&statuses=ISSUED,DRAFT,VOIDED");
    expect(page.status).toBe(200);
    for (const invoice of page.body.data) {
      const rows = invoiceExport.rows(invoice);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toHaveLength(invoiceExport.header.length);
      const row = byHeader(invoiceExport.header, rows[0]!);
      expect(row.id).toBe(invoice.id);
      expect(row.number).toBe(invoice.number);
      expect(row.status).toBe(invoice.status);
      expect(row.currency).toBe(invoice.totalAmount.currencyCode);
      expect(row.totalAmount).toBe(decimalOfMinor(invoice.totalAmount.value));
      expect(row.remainingAmount).toBe(decimalOfMinor(invoice.remainingAmount.value));
      expect(Number(row.totalAmount) * 100).toBeCloseTo(invoice.totalAmount.value, 6);
      expect(row.periodStart).toBe(invoice.periodStartAt.slice(0, 10));
      expect(row.periodStart).toMatch(DATE);
      expect(Date.parse(`${row.periodLastDay}T00:00:00Z`) + 86_400_000).toBe(
        Date.parse(invoice.periodEndAt),
      );
      expect(row.issuedAt).toBe(invoice.issuedAt ?? "");
      if (invoice.issuedAt) expect(row.issuedAt).toMatch(TIMESTAMP);
      expect(row.createdAt).toMatch(TIMESTAMP);
    }
    const currencies = new Set(
      page.body.data.map(
        (i: { totalAmount: { currencyCode: string } }) => i.totalAmount.currencyCode,
      ),
    );
    expect(currencies.size).toBeGreaterThan(1);
  });

  it("contracts: currency, lifecycle, first and last days", async () => {
    const page = await api("/contracts?limit=100");
    for (const contract of page.body.data) {
      const row = byHeader(contractExport.header, contractExport.rows(contract)[0]!);
      expect(row.id).toBe(contract.id);
      expect(row.currency).toBe(contract.currencyCode);
      expect(row.lifecycleStatus).toBe(contract.lifecycleStatus);
      expect(row.start).toBe(contract.startAt.slice(0, 10));
      expect(row.endLastDay).toMatch(DATE);
      expect(row.autoRenew).toBe(String(contract.autoRenew));
      expect(row.cancelsLastDay).toBe(contract.cancelsAt ? expect.stringMatching(DATE) : "");
    }
  });

  it("payments: cents as decimals, bank fee columns empty when there is none", async () => {
    const page = await api("/payments?limit=100");
    let withFee = 0;
    for (const payment of page.body.data) {
      const row = byHeader(paymentExport.header, paymentExport.rows(payment)[0]!);
      expect(row.id).toBe(payment.id);
      expect(row.receivedDate).toBe(payment.receivedDate.slice(0, 10));
      expect(row.amount).toBe(decimalOfMinor(payment.amountCents));
      expect(row.amount).toMatch(DECIMAL);
      expect(row.customerId).toBe(payment.customerId ?? "");
      if (payment.bankFee) {
        withFee++;
        expect(row.bankFeeAmount).toBe(decimalOfMinor(payment.bankFee.amountCents));
      } else expect(row.bankFeeAmount).toBe("");
    }
    expect(withFee).toBeGreaterThan(0);
  });

  it("customers: one row per currency of the sums, nothing added across currencies", async () => {
    const some = await api("/customers?limit=100");
    const noContracts = await api("/customers?limit=20&contractHealths=NO_CONTRACTS");
    let multiCurrency = 0;
    let none = 0;
    for (const customer of [...some.body.data, ...noContracts.body.data]) {
      const rows = customerExport.rows(customer).map((r) => byHeader(customerExport.header, r));
      const codes = customerCurrencies(customer);
      if (codes.length === 0) {
        none++;
        expect(rows).toHaveLength(1);
        expect(rows[0]!.currency).toBe("");
        expect(rows[0]!.outstandingIssuedAmount).toBe("");
        continue;
      }
      if (codes.length > 1) multiCurrency++;
      expect(rows.map((r) => r.currency)).toEqual(codes);
      for (const row of rows) {
        expect(row.id).toBe(customer.id);
        for (const sum of [
          "outstandingIssuedAmount",
          "contractValueAmount",
          "remainingToInvoiceAmount",
        ] as const)
          expect(row[sum]).toBe(decimalOfMinor(customer[sum][row.currency!]?.value ?? 0));
      }
    }
    expect(multiCurrency).toBeGreaterThan(0);
    expect(none).toBeGreaterThan(0);
  });

  it("passes an enum value the spec does not list through as text", async () => {
    const page = await api("/invoices?limit=1");
    const invoice = { ...page.body.data[0], status: "ON_HOLD", deliveryMethod: "FAX" };
    const row = byHeader(invoiceExport.header, invoiceExport.rows(invoice)[0]!);
    expect(row.status).toBe("ON_HOLD");
    expect(row.deliveryMethod).toBe("FAX");
  });
});
