import { describe, expect, it } from "vitest";
import type { CustomerRecord } from "@/lib/api/client";
import { customerDetail, stillMatching, suggestionCount } from "./customer-suggestions";

const customer = (over: Partial<CustomerRecord>) => ({ ...over }) as CustomerRecord;
const found = (shown: number, counted: number, more: boolean) => ({
  term: "Bailey",
  shown: Array.from({ length: shown }, () => customer({})),
  counted,
  more,
});

describe("customer suggestions", () => {
  it("say how many match, and to keep typing when more match than are shown", () => {
    expect(suggestionCount(found(0, 0, false))).toBe("No customer named like “Bailey”");
    expect(suggestionCount(found(1, 1, false))).toBe("1 customer");
    expect(suggestionCount(found(3, 3, false))).toBe("3 customers");
    expect(suggestionCount(found(8, 23, false))).toBe("8 of 23, keep typing");
    expect(suggestionCount(found(8, 100, true))).toBe("8 of 100+, keep typing");
  });
  it("found for an earlier text, keep only those whose name still contains what is typed", () => {
    const named = (name: string) => customer({ name });
    const earlier = [
      named("Emard Inc"),
      named("Emard Inc"),
      named("Emmerich LLC"),
      named("Bemard"),
    ];
    expect(stillMatching(earlier, "emard").map((c) => c.name)).toEqual([
      "Emard Inc",
      "Emard Inc",
      "Bemard",
    ]);
    expect(stillMatching(earlier, "Emard I")).toHaveLength(2);
    expect(stillMatching(earlier, "Emard X")).toEqual([]);
  });
  it("tell same-named customers apart by e-mail, health and what they owe", () => {
    const owing = customer({
      billingEmail: "ap@bailey.example",
      contractHealth: "RENEWAL_DUE",
      outstandingIssuedAmount: {
        USD: { value: 120000, currencyCode: "USD" },
        EUR: { value: 0, currencyCode: "EUR" },
      },
    });
    expect(customerDetail(owing)).toBe("ap@bailey.example · Renewal due · owes $1,200.00");
    const settled = customer({
      billingEmail: "billing@bailey.example",
      contractHealth: "HEALTHY",
      outstandingIssuedAmount: {},
    });
    expect(customerDetail(settled)).toBe("billing@bailey.example · Healthy · owes nothing");
  });
});
