import { describe, expect, it } from "vitest";
import { api } from "@/lib/sandbox/testing/sandbox";
import { lenientSchemas, strictSchemas } from "./schemas";

describe("record schemas", () => {
  it("lenient parsing keeps unknown enum values and extra fields; strict refuses them", async () => {
    const { body } = await api("/invoices?limit=1");
    const invoice = { ...body.data[0], status: "PARTIALLY_REFUNDED", dunningLevel: 2 };
    invoice.totalAmount = { ...invoice.totalAmount, currencyCode: "GBP" };
    const lenient = lenientSchemas.Invoice.parse(invoice);
    expect(lenient.status).toBe("PARTIALLY_REFUNDED");
    expect((lenient as Record<string, unknown>).dunningLevel).toBe(2);
    expect(lenient.totalAmount.currencyCode).toBe("GBP");
    expect(strictSchemas.Invoice.safeParse(invoice).success).toBe(false);
    expect(strictSchemas.Invoice.safeParse(body.data[0]).success).toBe(true);
  });

  it("lenient parsing still refuses a wrong shape", () => {
    expect(lenientSchemas.InvoicePage.safeParse({ data: "nope", hasMore: true }).success).toBe(
      false,
    );
    expect(lenientSchemas.Customer.safeParse({ id: 1 }).success).toBe(false);
  });
});
