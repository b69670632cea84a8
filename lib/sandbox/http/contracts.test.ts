/**
 * GET /contracts, checked against docs/api.md ("GET /contracts", "Cursors") and
 * docs/readings.md ("Parameter names", "Orders", "Cursors", "Contracts"): each filter
 * compared with the whole list filtered and sorted here, the optional fields, bad
 * values, and a cursor kept under filters written differently.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Contract } from "@/lib/api/schemas";
import { strictSchemas } from "@/lib/api/schemas";
import { cmp, expectSameIds, ids, ms } from "../testing/compare";
import { api, walkForward } from "../testing/sandbox";
import { SPEC_LIFECYCLE_STATUSES } from "../testing/spec-terms";
import { expect400, mostFrequent } from "./testing/contracts-payments";

const LIFECYCLE = SPEC_LIFECYCLE_STATUSES;
const DAY = 86_400_000;
const NOW = Date.parse(process.env.SANDBOX_NOW ?? "2026-11-22T09:30:00.000Z");
const TODAY = Math.floor(NOW / DAY) * DAY;

let contracts: Contract[]; // every lifecycle status
let defaultContracts: Contract[];

beforeAll(async () => {
  [contracts, defaultContracts] = await Promise.all([
    walkForward<Contract>(`/contracts?statuses=${LIFECYCLE.join(",")}`),
    walkForward<Contract>("/contracts"),
  ]);
});

describe("GET /contracts", () => {
  const contractIds = (query: string) => walkForward<Contract>(`/contracts?${query}`).then(ids);
  /** The spec's answer: the statuses given (default all but DELETED), `keep`, oldest first. */
  function want(keep: (c: Contract) => boolean, statuses?: readonly string[]) {
    const set = new Set<string>(statuses ?? LIFECYCLE.filter((s) => s !== "DELETED"));
    return ids(contracts.filter((c) => set.has(c.lifecycleStatus) && keep(c)));
  }

  it("reads a non-trivial list, oldest first with ties by id", () => {
    expect(contracts.length).toBeGreaterThan(50);
    const sorted = [...contracts].sort(
      (a, b) => ms(a.createdAt) - ms(b.createdAt) || cmp(a.id, b.id),
    );
    expectSameIds(ids(contracts), ids(sorted), "every status");
  });

  it("omitted statuses: every status except DELETED", () => {
    expect(contracts.some((c) => c.lifecycleStatus === "DELETED")).toBe(true);
    expectSameIds(
      ids(defaultContracts),
      want(() => true),
      "default list",
    );
  });

  it("every lifecycle status occurs", () => {
    expect(new Set(contracts.map((c) => c.lifecycleStatus))).toEqual(new Set(LIFECYCLE));
  });

  it.each(LIFECYCLE)("statuses=%s", async (status) => {
    const expected = want(() => true, [status]);
    expect(expected.length).toBeGreaterThan(0);
    expectSameIds(await contractIds(`statuses=${status}`), expected, status);
  });

  it.each([
    ["ACTIVE", "DRAFT"],
    ["DELETED", "EXPIRED"],
    ["CANCELLED", "EXPIRED", "ACTIVE"],
  ])("statuses=%s,... together", async (...statuses) => {
    expectSameIds(
      await contractIds(`statuses=${statuses.join(",")}`),
      want(() => true, statuses),
      statuses.join(),
    );
  });

  it("customerIds: one customer, several, and with statuses", async () => {
    const [a, b, c] = mostFrequent(contracts, (k) => k.customerId) as [string, string, string];
    expectSameIds(
      await contractIds(`customerIds=${a}`),
      want((k) => k.customerId === a),
      "one customer",
    );
    const set = new Set([a, b, c]);
    expectSameIds(
      await contractIds(`customerIds=${a},${b},${c}`),
      want((k) => set.has(k.customerId)),
      "three customers",
    );
    const withDeleted = mostFrequent(
      contracts.filter((k) => k.lifecycleStatus === "DELETED"),
      (k) => k.customerId,
    )[0]!;
    const expected = want((k) => k.customerId === withDeleted, LIFECYCLE);
    expect(expected.length).toBeGreaterThan(0);
    expectSameIds(
      await contractIds(`customerIds=${withDeleted}&statuses=${LIFECYCLE.join(",")}`),
      expected,
      "customer with every status",
    );
  });

  it("processingInvoices=true: only those processing; false: the rest", async () => {
    const processing = want((k) => k.processingInvoices, LIFECYCLE);
    expect(processing.length).toBeGreaterThan(0);
    expectSameIds(
      await contractIds(`processingInvoices=true&statuses=${LIFECYCLE.join(",")}`),
      processing,
      "true",
    );
    expectSameIds(
      await contractIds("processingInvoices=true"),
      want((k) => k.processingInvoices),
      "true, default statuses",
    );
    expectSameIds(
      await contractIds("processingInvoices=false"),
      want((k) => !k.processingInvoices),
      "false",
    );
  });

  it("filters combine", async () => {
    const customer = mostFrequent(contracts, (k) => k.customerId)[0]!;
    expectSameIds(
      await contractIds(`customerIds=${customer}&statuses=ACTIVE,EXPIRED&processingInvoices=false`),
      want((k) => k.customerId === customer && !k.processingInvoices, ["ACTIVE", "EXPIRED"]),
      "combined",
    );
  });
});

describe("GET /contracts: optional fields and bad values", () => {
  it("cancelsAt is absent (not null) when there is none, a string when present", () => {
    expect(
      contracts.filter((k) => "cancelsAt" in k && typeof k.cancelsAt !== "string").map((k) => k.id),
    ).toEqual([]);
    expect(contracts.some((k) => !("cancelsAt" in k))).toBe(true);
    expect(contracts.some((k) => "cancelsAt" in k)).toBe(true);
  });

  it("futureAmendment: an amendment of this contract starting after today", () => {
    const problems: string[] = [];
    for (const k of contracts) {
      if (k.futureAmendment === null) continue;
      const parsed = strictSchemas.Amendment.safeParse(k.futureAmendment);
      if (!parsed.success) problems.push(`${k.id}: ${parsed.error.message}`);
      if (k.futureAmendment.contractId !== k.id)
        problems.push(`${k.id}: contractId ${k.futureAmendment.contractId}`);
      if (!(ms(k.futureAmendment.startAt) > TODAY))
        problems.push(`${k.id}: starts ${k.futureAmendment.startAt}`);
    }
    expect(problems).toEqual([]);
    expect(contracts.some((k) => k.futureAmendment !== null)).toBe(true);
  });

  it("a malformed filter value is a 400", async () => {
    await expect400("/contracts?statuses=LIVE");
    await expect400("/contracts?statuses=active");
    await expect400("/contracts?customerIds=abc");
    await expect400("/contracts?processingInvoices=1");
    await expect400("/contracts?orderBy=createdAt:ASC");
  });
});

describe("GET /contracts: cursors under equivalent filters", () => {
  it("statuses written as the default set and statuses omitted are one filter", async () => {
    const first = await api("/contracts?statuses=CANCELLED,EXPIRED,DRAFT,ACTIVE&limit=3");
    expect(first.status).toBe(200);
    const cursor = first.body.nextCursor;
    expect((await api(`/contracts?limit=3&startingAfter=${cursor}`)).status).toBe(200);
    expect(
      (await api(`/contracts?statuses=${LIFECYCLE.join(",")}&limit=3&startingAfter=${cursor}`))
        .status,
    ).toBe(400);
  });
});
