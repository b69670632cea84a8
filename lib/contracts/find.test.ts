/**
 * One contract by id through its customer's contracts (lib/contracts/find.ts), and the
 * reading of the terms in force (docs/readings.md, Contracts), against the built-in
 * API on its seeded SQLite file.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Fetcher } from "@/lib/api/client";
import type { Contract, Invoice } from "@/lib/api/schemas";
import { api, walkForward } from "@/lib/sandbox/testing/sandbox";
import { findContract } from "./find";
import { noticePeriodStart, termsInForceEnd } from "./terms";

const DAY = 86_400_000;
const NOW = Date.parse(process.env.SANDBOX_NOW ?? "2026-11-22T09:30:00.000Z");
const TODAY = Math.floor(NOW / DAY) * DAY;

/** The dashboard's fetcher over the built-in API's handler, counting its requests. */
function countingFetcher() {
  const paths: string[] = [];
  const fetcher: Fetcher = async (pathAndQuery) => {
    paths.push(pathAndQuery);
    const res = await api(pathAndQuery);
    return new Response(JSON.stringify(res.body), { status: res.status });
  };
  return { fetcher, paths };
}

let contracts: Contract[];
let invoiced: Set<string>;

beforeAll(async () => {
  contracts = await walkForward<Contract>(
    "/contracts?statuses=DRAFT,ACTIVE,EXPIRED,CANCELLED,DELETED",
  );
  const invoices = await walkForward<Invoice>(
    "/invoices?statuses=DRAFT,APPROVED,ISSUING,ISSUED,VOIDED",
  );
  invoiced = new Set(invoices.map((i) => i.contractId));
});

describe("a contract by id", () => {
  it("is found among the customer the link names, in one read of its contracts", async () => {
    const target = contracts.find((c) => c.futureAmendment !== null)!;
    const { fetcher, paths } = countingFetcher();
    const found = await findContract(fetcher, target.id, target.customerId);
    expect(found?.contract).toEqual(target);
    expect(found?.siblings.every((c) => c.customerId === target.customerId)).toBe(true);
    expect(paths).toHaveLength(1);
  });

  it("without its customer, through one of its invoices; a deleted one too", async () => {
    const deleted = contracts.find((c) => c.lifecycleStatus === "DELETED" && invoiced.has(c.id));
    const live = contracts.find((c) => c.lifecycleStatus === "ACTIVE" && invoiced.has(c.id));
    for (const target of [deleted!, live!]) {
      const { fetcher } = countingFetcher();
      expect((await findContract(fetcher, target.id, null))?.contract.id).toBe(target.id);
      // A link naming the wrong customer still finds it, through its invoices.
      const other = contracts.find((c) => c.customerId !== target.customerId)!;
      expect((await findContract(fetcher, target.id, other.customerId))?.contract.id).toBe(
        target.id,
      );
    }
  });

  it("a contract with no invoices needs its customer; an unknown id is not found", async () => {
    const bare = contracts.find((c) => !invoiced.has(c.id));
    expect(bare, "the demo data holds a contract without invoices").toBeDefined();
    const { fetcher } = countingFetcher();
    expect((await findContract(fetcher, bare!.id, bare!.customerId))?.contract.id).toBe(bare!.id);
    expect(await findContract(fetcher, bare!.id, null)).toBeNull();
    expect(await findContract(fetcher, "00000000-0000-4000-8000-000000000000", null)).toBeNull();
  });
});

describe("the terms in force, as the dashboard reads them", () => {
  it("put every Renewal due contract inside its notice period and every Ending one within 30 days", () => {
    const due = contracts.filter((c) => c.contractHealth === "RENEWAL_DUE");
    const ending = contracts.filter((c) => c.contractHealth === "ENDING");
    expect(due.length).toBeGreaterThan(0);
    expect(ending.length).toBeGreaterThan(0);
    // Some end their terms in force before the contract ends: the case the reading is for.
    expect(due.some((c) => termsInForceEnd(c) !== c.endAt)).toBe(true);
    for (const c of due) {
      const end = Date.parse(termsInForceEnd(c)!);
      const from = Date.parse(noticePeriodStart(termsInForceEnd(c)!, c.renewalNoticeDays)!);
      expect(from, c.id).toBeLessThanOrEqual(TODAY);
      expect(end, c.id).toBeGreaterThan(TODAY);
    }
    for (const c of ending) {
      const end = Date.parse(termsInForceEnd(c)!);
      expect(end - TODAY, c.id).toBeLessThanOrEqual(30 * DAY);
      expect(end, c.id).toBeGreaterThan(TODAY);
    }
  });
});
