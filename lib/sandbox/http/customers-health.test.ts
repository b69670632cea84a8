/**
 * Customer coverage and health, checked against docs/api.md ("Customer", "Contract
 * health") and docs/readings.md ("Health", "Coverage contract"): each customer's
 * coverage contract and health recomputed from the contracts the API itself lists, and
 * the contracts' own health facts checked against today.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Contract, Customer } from "@/lib/api/schemas";
import { ms } from "../testing/compare";
import { HEALTHS, loadCustomerData, rank } from "./testing/customers";

const RUNNING = new Set<string>(["RENEWAL_DUE", "ENDING", "HEALTHY"]);
const DAY = 86_400_000;
const NOW = Date.parse(process.env.SANDBOX_NOW ?? "2026-11-22T09:30:00.000Z");
const TODAY = Math.floor(NOW / DAY) * DAY;

let customers: Customer[];
let contracts: Contract[];
let contractById: Map<string, Contract>;
/** Non-deleted contracts per customer id. */
let liveContracts: Map<string, Contract[]>;

beforeAll(async () => {
  ({ customers, contracts, contractById, liveContracts } = await loadCustomerData());
});

describe("Customer coverage and health", () => {
  it("contractHealth is the best (table order) of its non-deleted contracts' health; NO_CONTRACTS when none", () => {
    const wrong = customers.filter((c) => {
      const own = liveContracts.get(c.id) ?? [];
      const best =
        own.length === 0
          ? "NO_CONTRACTS"
          : HEALTHS[Math.min(...own.map((k) => rank(k.contractHealth)))];
      return c.contractHealth !== best;
    });
    expect(wrong.map((c) => `${c.id}: ${c.contractHealth}`)).toEqual([]);
  });

  it("NO_CONTRACTS ⇔ no coverage contract ⇔ contractCount 0; then dates null and flags false", () => {
    const wrong = customers.filter((c) => {
      const none = c.contractHealth === "NO_CONTRACTS";
      if (none !== (c.coverageContractId === null) || none !== (c.contractCount === 0)) return true;
      return (
        none &&
        (c.coverageContractStartAt !== null ||
          c.coverageContractEndAt !== null ||
          c.coverageContractAutoRenew ||
          c.coverageContractRenewed)
      );
    });
    expect(wrong.map((c) => c.id)).toEqual([]);
  });

  it("the coverage contract is one of the customer's non-deleted contracts, in the customer's health, with its dates and autoRenew", () => {
    const problems: string[] = [];
    for (const c of customers) {
      if (c.coverageContractId === null) continue;
      const k = contractById.get(c.coverageContractId);
      if (!k) {
        problems.push(`${c.id}: coverage ${c.coverageContractId} not listed`);
        continue;
      }
      if (k.customerId !== c.id) problems.push(`${c.id}: coverage contract of ${k.customerId}`);
      if (k.lifecycleStatus === "DELETED") problems.push(`${c.id}: coverage contract deleted`);
      if (k.contractHealth !== c.contractHealth)
        problems.push(
          `${c.id}: health ${c.contractHealth}, coverage contract's ${k.contractHealth}`,
        );
      if (c.coverageContractStartAt !== k.startAt)
        problems.push(`${c.id}: start ${c.coverageContractStartAt} vs ${k.startAt}`);
      if (c.coverageContractEndAt !== k.endAt)
        problems.push(`${c.id}: end ${c.coverageContractEndAt} vs ${k.endAt}`);
      if (c.coverageContractAutoRenew !== k.autoRenew)
        problems.push(`${c.id}: autoRenew ${c.coverageContractAutoRenew}`);
    }
    expect(problems).toEqual([]);
  });

  it("coverageContractRenewed: only when another non-deleted contract of the customer renews it and is agreed and not ended", () => {
    const problems: string[] = [];
    for (const c of customers.filter((x) => x.coverageContractRenewed)) {
      const cov = contractById.get(c.coverageContractId ?? "");
      const renewers = (liveContracts.get(c.id) ?? []).filter(
        (k) =>
          k.id !== cov?.id &&
          (k.renewingContractId === cov?.id || cov?.renewalContractId === k.id) &&
          !["DRAFT", "CANCELLED", "EXPIRED"].includes(k.lifecycleStatus),
      );
      if (renewers.length === 0) problems.push(c.id);
    }
    expect(problems).toEqual([]);
    expect(customers.some((c) => c.coverageContractRenewed)).toBe(true);
  });

  it("coverageContractRenewed: true when a renewal of it is agreed, running or upcoming, with no cancellation", () => {
    const agreed = new Set(["RENEWAL_DUE", "ENDING", "HEALTHY", "UPCOMING"]);
    const problems: string[] = [];
    for (const c of customers) {
      if (c.coverageContractId === null || c.coverageContractRenewed) continue;
      const renewer = (liveContracts.get(c.id) ?? []).find(
        (k) =>
          k.id !== c.coverageContractId &&
          k.renewingContractId === c.coverageContractId &&
          k.lifecycleStatus === "ACTIVE" &&
          agreed.has(k.contractHealth) &&
          !("cancelsAt" in k),
      );
      if (renewer) problems.push(`${c.id}: renewed by ${renewer.id} (${renewer.contractHealth})`);
    }
    expect(problems).toEqual([]);
  });
});

describe("Customer coverage and health: contract health facts", () => {
  it("contract health facts: running ones started, upcoming ones not; RENEWAL_DUE/ENDING rules", () => {
    const problems: string[] = [];
    for (const k of contracts) {
      if (k.lifecycleStatus === "DELETED") continue;
      const start = ms(k.startAt);
      const end = ms(k.endAt);
      const say = (what: string) => problems.push(`${k.id} ${k.contractHealth}: ${what}`);
      if (RUNNING.has(k.contractHealth)) {
        if (start > TODAY) say(`starts ${k.startAt}, after today`);
        if (end <= TODAY) say(`ended ${k.endAt}`);
      }
      if (k.contractHealth === "UPCOMING" && start <= TODAY)
        say(`starts ${k.startAt}, not after today`);
      if (k.contractHealth === "RENEWAL_DUE" || k.contractHealth === "ENDING") {
        if (k.autoRenew) say("auto-renews");
      }
      if (k.contractHealth === "RENEWAL_DUE") {
        if (!(k.renewalNoticeDays !== null && k.renewalNoticeDays > 0))
          say(`renewalNoticeDays ${k.renewalNoticeDays}`);
        // No other agreed contract of the customer begins on or after the end of its terms.
        const later = (liveContracts.get(k.customerId) ?? []).filter(
          (o) => o.id !== k.id && o.contractHealth === "UPCOMING" && ms(o.startAt) >= end,
        );
        if (later.length > 0) say(`upcoming ${later[0]!.id} begins after it`);
        if (k.futureAmendment === null && k.renewalNoticeDays !== null) {
          // Terms in force are its last terms: inside the notice period before its end.
          if (!(end - k.renewalNoticeDays * DAY <= TODAY && TODAY < end))
            say(
              `ends ${k.endAt}, notice ${k.renewalNoticeDays} days: not inside the notice period`,
            );
        }
      }
      if (k.contractHealth === "ENDING") {
        if (k.renewalNoticeDays !== null && k.renewalNoticeDays !== 0)
          say(`renewalNoticeDays ${k.renewalNoticeDays}`);
        if (k.futureAmendment === null && !(TODAY < end && end <= TODAY + 30 * DAY))
          say(`terms end ${k.endAt}, not within 30 days`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("the RENEWAL_DUE and ENDING date rules above are exercised (contracts with no future amendment)", () => {
    for (const health of ["RENEWAL_DUE", "ENDING"])
      expect(
        contracts.some(
          (k) =>
            k.contractHealth === health &&
            k.futureAmendment === null &&
            k.lifecycleStatus !== "DELETED",
        ),
        health,
      ).toBe(true);
  });

  it("every contractHealth value occurs among the customers", () => {
    expect(new Set(customers.map((c) => c.contractHealth))).toEqual(new Set(HEALTHS));
  });
});
