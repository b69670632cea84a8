import { describe, expect, it } from "vitest";
import { DAY_MS } from "../clock";
import { contractHealthOn } from "./derive";

const T = Date.UTC(2026, 10, 22);
const day = (n: number) => T + n * DAY_MS;

function contract(overrides: Partial<Parameters<typeof contractHealthOn>[1]> = {}) {
  return {
    id: "c1",
    customer_id: "k1",
    lifecycle_status: "ACTIVE",
    cancels_at: null,
    auto_renew: 0,
    renewal_notice_days: null,
    renewing_contract_id: null,
    start_at: day(-300),
    end_at: day(65),
    created_at: day(-320),
    ...overrides,
  };
}

function terms(start: number, end: number, n = 1) {
  return {
    id: `a${n}`,
    contract_id: "c1",
    amendment_number: n,
    start_at: start,
    end_at: end,
    payment_terms_days: 30,
  };
}

describe("contractHealthOn: the spec's health table", () => {
  it("RENEWAL_DUE: running, no auto-renew, no cancellation, inside the notice period, no later agreed contract", () => {
    const c = contract({ renewal_notice_days: 90 });
    expect(contractHealthOn(T, c, [terms(day(-300), day(65))], []).health).toBe("RENEWAL_DUE");
    // Another agreed contract starting at the end: renewed, so running and healthy.
    expect(contractHealthOn(T, c, [terms(day(-300), day(65))], [day(65)]).health).toBe("HEALTHY");
    // Outside the notice period.
    expect(contractHealthOn(T, c, [terms(day(-300), day(120))], []).health).toBe("HEALTHY");
  });

  it("ENDING: no notice period and the terms in force end within 30 days", () => {
    const c = contract({ renewal_notice_days: 0 });
    expect(contractHealthOn(T, c, [terms(day(-300), day(30))], []).health).toBe("ENDING");
    expect(contractHealthOn(T, c, [terms(day(-300), day(31))], []).health).toBe("HEALTHY");
    expect(
      contractHealthOn(T, contract({ auto_renew: 1 }), [terms(day(-300), day(10))], []).health,
    ).toBe("HEALTHY");
    expect(
      contractHealthOn(T, contract({ cancels_at: day(10) }), [terms(day(-300), day(10))], [])
        .health,
    ).toBe("HEALTHY");
  });

  it("reads the terms in force, not a future amendment's end", () => {
    const current = terms(day(-300), day(20), 1);
    const future = terms(day(15), day(400), 2);
    const result = contractHealthOn(T, contract(), [current, future], []);
    expect(result.health).toBe("ENDING");
    expect(result.currentAmendment?.id).toBe("a1");
    expect(result.futureAmendment?.id).toBe("a2");
  });

  it("UPCOMING, NO_ACTIVE_CONTRACT, DRAFT_ONLY, NO_CONTRACTS", () => {
    expect(
      contractHealthOn(T, contract({ start_at: day(5) }), [terms(day(5), day(370))], []).health,
    ).toBe("UPCOMING");
    expect(
      contractHealthOn(
        T,
        contract({ lifecycle_status: "EXPIRED" }),
        [terms(day(-400), day(-35))],
        [],
      ).health,
    ).toBe("NO_ACTIVE_CONTRACT");
    expect(
      contractHealthOn(
        T,
        contract({ lifecycle_status: "CANCELLED" }),
        [terms(day(-400), day(35))],
        [],
      ).health,
    ).toBe("NO_ACTIVE_CONTRACT");
    expect(contractHealthOn(T, contract({ lifecycle_status: "DRAFT" }), [], []).health).toBe(
      "DRAFT_ONLY",
    );
    expect(
      contractHealthOn(T, contract({ lifecycle_status: "DELETED" }), [terms(day(-1), day(9))], [])
        .health,
    ).toBe("NO_CONTRACTS");
  });
});
