import { describe, expect, it } from "vitest";
import { invoiceList } from "@/lib/lists/invoices";
import { suggestedViewName } from "./suggested-name";

const A = "0b6d2f7e-3c1a-4d5e-9f80-1a2b3c4d5e6f";
const B = "1c7e3f8a-4d2b-4e6f-8a91-2b3c4d5e6f70";
const C = "2d8f4a9b-5e3c-4f70-9ba2-3c4d5e6f7081";
const names: Record<string, string> = {
  [A]: "Gerhold and Sons",
  [B]: "Wiza, Klein and O'Conner",
  [C]: "Hoeger Group",
};
const known = (id: string) => names[id];
const nameOf = (query: string, customerName = known) =>
  suggestedViewName(
    "invoices",
    invoiceList.fields,
    invoiceList.load(new URLSearchParams(query)),
    customerName,
  );

describe("a saved view's suggested name", () => {
  it("names the customers it is about, then its other filters", () => {
    expect(nameOf(`customerIds=${A}&statuses=ISSUED&hasOutstandingBalance=true`)).toBe(
      "Invoices of Gerhold and Sons: Status is Issued, Has an outstanding balance",
    );
    expect(nameOf(`customerIds=${A},${B}`)).toBe(
      "Invoices of Gerhold and Sons and Wiza, Klein and O'Conner",
    );
    expect(nameOf(`customerIds=${A},${B},${C}`)).toBe(
      "Invoices of Gerhold and Sons, Wiza, Klein and O'Conner and 1 more",
    );
    // A customer set by a link (the customer's invoices) is named too.
    expect(nameOf(`customerId=${C}&statuses=DRAFT`)).toBe(
      "Invoices of Hoeger Group: Status is Draft",
    );
  });

  it("counts customers whose names are not known yet, and names the rest as before", () => {
    expect(nameOf(`customerIds=${A}&statuses=ISSUED`, () => undefined)).toBe(
      "Invoices: one customer picked, Status is Issued",
    );
    expect(nameOf("statuses=ISSUED")).toBe("Invoices: Status is Issued");
    expect(nameOf("")).toBe("All invoices");
  });
});
