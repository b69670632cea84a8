import { describe, expect, it } from "vitest";
import { overdueQuery } from "../lists/quick-views";
import { exportFileName } from "./file-name";

const NOW = new Date("2026-11-24T10:00:00.000Z");

describe("an export's file name says its view", () => {
  it("the home page's overdue invoices", () => {
    const today = Date.parse("2026-11-24T00:00:00.000Z");
    expect(exportFileName("invoices", `${overdueQuery(today)}&orderBy=issuedAt:DESC`, NOW)).toBe(
      "invoices-issued-unpaid-overdue-2026-11-24.csv",
    );
  });

  it("the list alone when nothing is filtered, whatever the order", () => {
    expect(exportFileName("invoices", "orderBy=issuedAt:DESC", NOW)).toBe(
      "invoices-2026-11-24.csv",
    );
    expect(exportFileName("payments", "", NOW)).toBe("payments-2026-11-24.csv");
  });

  it("each kind of filter in words, and every status picked is no filter", () => {
    expect(
      exportFileName(
        "invoices",
        "statuses=ISSUED,VOIDED&issueDateStartAt=2026-01-01&contractId=0a1b2c3d-0000-4000-8000-000000000000",
        NOW,
      ),
    ).toBe("invoices-contract-0a1b2c3d-issued-voided-issued-2026-01-01-to-now-2026-11-24.csv");
    expect(
      exportFileName("customers", "contractHealths=RENEWAL_DUE,ENDING&search=Café Ltd", NOW),
    ).toBe("customers-name-cafe-ltd-renewal-due-ending-2026-11-24.csv");
    expect(
      exportFileName("contracts", "statuses=DRAFT,ACTIVE,EXPIRED,CANCELLED,DELETED", NOW),
    ).toBe("contracts-2026-11-24.csv");
    expect(exportFileName("payments", "hasUnappliedAmount=true&isAttributed=false", NOW)).toBe(
      "payments-unattributed-unapplied-2026-11-24.csv",
    );
  });

  it("a customer's payments are named with the customer, as their invoices are", () => {
    const customer = "0a1b2c3d-0000-4000-8000-000000000000";
    expect(exportFileName("payments", `customerId=${customer}&isAttributed=true`, NOW)).toBe(
      "payments-customer-0a1b2c3d-attributed-2026-11-24.csv",
    );
    expect(exportFileName("invoices", `customerIds=${customer}`, NOW)).toBe(
      "invoices-customer-0a1b2c3d-2026-11-24.csv",
    );
  });

  it("a long search is cut, and nothing but letters, digits and hyphens remains", () => {
    const name = exportFileName("customers", `search=${'"a/b\\c" '.repeat(60)}`, NOW);
    expect(name).toMatch(/^customers-[a-z0-9-]+-2026-11-24\.csv$/);
    expect(name.length).toBeLessThan(160);
  });
});
