import { describe, expect, it } from "vitest";
import { type ContractTermsFacts, healthReason, noticePeriodStart, termsInForceEnd } from "./terms";

const TODAY = Date.parse("2026-11-22T09:30:00.000Z");

function contract(facts: Partial<ContractTermsFacts>): ContractTermsFacts {
  return {
    contractHealth: "HEALTHY",
    lifecycleStatus: "ACTIVE",
    startAt: "2024-12-08T00:00:00.000Z",
    endAt: "2027-12-08T00:00:00.000Z",
    autoRenew: false,
    renewalNoticeDays: null,
    futureAmendment: null,
    ...facts,
  };
}

describe("the terms in force", () => {
  it("end where the next agreed terms start, else at the contract's end", () => {
    expect(termsInForceEnd(contract({}))).toBe("2027-12-08T00:00:00.000Z");
    expect(
      termsInForceEnd(contract({ futureAmendment: { startAt: "2026-12-08T00:00:00.000Z" } })),
    ).toBe("2026-12-08T00:00:00.000Z");
  });

  it("have a notice period starting that many days before their end, none without days", () => {
    expect(noticePeriodStart("2026-12-08T00:00:00.000Z", 60)).toBe("2026-10-09T00:00:00.000Z");
    expect(noticePeriodStart("2026-12-08T00:00:00.000Z", 0)).toBeNull();
    expect(noticePeriodStart("2026-12-08T00:00:00.000Z", null)).toBeNull();
  });
});

describe("why a contract is in its health", () => {
  it("Renewal due: the end of the terms in force (not the contract's) and the notice period", () => {
    const reason = healthReason(
      contract({
        contractHealth: "RENEWAL_DUE",
        renewalNoticeDays: 60,
        futureAmendment: { startAt: "2026-12-08T00:00:00.000Z" },
      }),
      TODAY,
    );
    expect(reason).toContain("end on Dec 7, 2026");
    expect(reason).toContain("renewal notice period of 60 days began on Oct 9, 2026");
    expect(reason).not.toContain("2027");
  });

  it("Ending: the end within 30 days, and no notice period", () => {
    const reason = healthReason(
      contract({ contractHealth: "ENDING", endAt: "2026-12-01T00:00:00.000Z" }),
      TODAY,
    );
    expect(reason).toContain("end on Nov 30, 2026");
    expect(reason).toContain("no renewal notice period");
  });

  it("the other states name their dates; an unknown state is named as sent", () => {
    expect(healthReason(contract({ autoRenew: true }), TODAY)).toContain(
      "run to Dec 7, 2027 (the last day they cover), then it renews automatically",
    );
    expect(
      healthReason(
        contract({ contractHealth: "UPCOMING", startAt: "2027-01-01T00:00:00.000Z" }),
        TODAY,
      ),
    ).toContain("starts on Jan 1, 2027");
    expect(
      healthReason(
        contract({
          contractHealth: "NO_ACTIVE_CONTRACT",
          cancelsAt: "2026-10-01T00:00:00.000Z",
        }),
        TODAY,
      ),
    ).toBe("Cancelled as agreed, from Oct 1, 2026.");
    expect(
      healthReason(
        contract({ contractHealth: "NO_ACTIVE_CONTRACT", endAt: "2026-10-01T00:00:00.000Z" }),
        TODAY,
      ),
    ).toContain("last day covered was Sep 30, 2026");
    expect(healthReason(contract({ contractHealth: "ON_HOLD" }), TODAY)).toContain("On hold");
  });
});
