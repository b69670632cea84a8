import { describe, expect, it } from "vitest";
import type { RenewalRow } from "@/lib/insights/renewals";
import { RENEWALS_CSV_HEADER, renewalsCsv } from "./renewals";

const row: RenewalRow = {
  id: "6f1c0a9e-0000-4000-8000-000000000001",
  name: "=Schumm, LLC",
  billingEmail: "ap@schumm.example",
  health: "RENEWAL_DUE",
  endAt: "2027-12-01T00:00:00.000Z",
  termsEndAt: "2026-12-01T00:00:00.000Z",
  termsStartAt: "2025-12-01T00:00:00.000Z",
  currencyCode: "USD",
  value: { currencyCode: "USD", billed: 1_080_000, perYear: 360_000, invoices: 12 },
  daysLeft: 9,
  withinWindow: true,
  contractId: "6f1c0a9e-0000-4000-8000-000000000002",
  contractName: "Platform",
  renewalNoticeDays: 60,
  autoRenew: false,
  renewed: false,
  remainingToInvoice: {},
};

describe("the renewals CSV", () => {
  it("writes each row's e-mail, terms, last days and value a year as exact decimals", () => {
    const text = renewalsCsv([row, { ...row, value: null, name: "No invoices" }]);
    expect(text.startsWith("\uFEFF")).toBe(true);
    const lines = text.slice(1).split("\r\n");
    expect(lines[0]).toBe(RENEWALS_CSV_HEADER.join(","));
    // The end dates are the last days covered; a name a spreadsheet would run is neutralised.
    expect(lines[1]).toBe(
      `${row.id},"'=Schumm, LLC",ap@schumm.example,RENEWAL_DUE,false,false,2025-12-01,2026-11-30,9,true,60,${row.contractId},Platform,2027-11-30,USD,10800.00,3600.00`,
    );
    expect(lines[2]!.endsWith(",USD,,")).toBe(true);
    expect(lines).toHaveLength(4);
  });
});
