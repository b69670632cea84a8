/**
 * Which pages a difference reaches (lib/lists/page-reads.ts and the insight views'
 * recorded reads): every page of app/ is in the map, so a new page cannot be left
 * out unnoticed, and a difference reaches exactly the pages that send what differs.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SITE_PAGES } from "@/components/layout/site-pages";
import { affected, allPageReads } from "./affects";
import { describeAffected } from "./result";

/** The app's pages as route patterns: app/customers/[id]/page.tsx → /customers/[id]. */
function appPages(dir = "app", prefix = ""): string[] {
  const pages: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory() && entry.name !== "api")
      pages.push(...appPages(path.join(dir, entry.name), `${prefix}/${entry.name}`));
    if (entry.isFile() && entry.name === "page.tsx") pages.push(prefix || "/");
  }
  return pages;
}

describe("the pages each API read serves", () => {
  it("holds every page of the app and of the navigation (the sign-in and saved-views pages read nothing of the API)", async () => {
    const pages = new Set((await allPageReads()).map((r) => r.page));
    // /views lists the person's saved views from the sign-in database, no API read.
    const readsNothing = new Set(["/sign-in", "/views"]);
    const app = appPages().filter((p) => !readsNothing.has(p));
    expect(app.length).toBeGreaterThanOrEqual(10);
    for (const page of app) expect(pages, page).toContain(page);
    for (const page of SITE_PAGES)
      if (!readsNothing.has(page.href)) expect(pages, page.href).toContain(page.href);
  });

  it("records the insight views' queries by running their walks", async () => {
    const reads = await allPageReads();
    const home = reads.filter((r) => r.page === "/");
    const overdue = home.find((r) => r.feature === "overdue figure");
    expect(overdue).toMatchObject({ route: "/invoices" });
    expect(overdue?.sends).toMatchObject({
      statuses: ["ISSUED"],
      hasOutstandingBalance: ["true"],
      limit: ["100"],
    });
    expect(overdue?.params).toContain("dueDateEndAt");
    expect(home.find((r) => r.feature === "unapplied figure")?.sends).toMatchObject({
      hasUnappliedAmount: ["true"],
    });
    const renewals = reads.filter((r) => r.page === "/renewals");
    expect(renewals.flatMap((r) => r.sends?.contractHealths ?? []).sort()).toEqual([
      "DRAFT_ONLY",
      "ENDING",
      "HEALTHY",
      "NO_ACTIVE_CONTRACT",
      "NO_CONTRACTS",
      "RENEWAL_DUE",
      "UPCOMING",
    ]);
  });

  it("a difference reaches the pages that send what differs, and only those", async () => {
    const reads = await allPageReads();
    const said = (...args: Parameters<typeof affected> extends [unknown, ...infer R] ? R : never) =>
      describeAffected(affected(reads, ...args));
    expect(said({ route: "/invoices", param: "hasUncoveredBalance", value: "true" })).toBe(
      "Invoices (/invoices): Export CSV, Uncovered filter",
    );
    // ISSUING: the list's filter and the customer page's voided switch send it; the home page never does.
    const issuing = said({ route: "/invoices", param: "statuses", value: "ISSUING" });
    expect(issuing).toContain("Invoices (/invoices): Export CSV, Status filter");
    expect(issuing).toContain("Customer page (/customers/[id]): its invoices table");
    expect(issuing).not.toContain("Home");
    // The contract page reads the contract among its customer's contracts, deleted ones too.
    expect(said({ route: "/contracts", param: "statuses", value: "DELETED" })).toContain(
      "Contract page (/contracts/[id]): the contract (its customer's contracts)",
    );
    expect(said({ route: "/invoices", param: "contractId" })).toContain(
      "Contract page (/contracts/[id]): finding its customer (one of its invoices), its invoices table",
    );
    // The walks' and exports' page size, not the tables'.
    const largest = said({ route: "/payments", param: "limit", value: "100" });
    expect(largest).toContain("Payments (/payments): Export CSV");
    expect(largest).toContain("Receivables (/receivables): unapplied figure");
    expect(largest).not.toContain("the list");
    // Sorting by one field, and the searches that sort by name.
    expect(said({ route: "/customers", param: "orderBy", value: "name:ASC" })).toBe(
      "Invoices (/invoices): Customers filter's search; Customers (/customers): Export CSV, sorting by name; " +
        "Contracts (/contracts): Customers filter's search; Every page: the command palette's customer search",
    );
    // A route: what pages read by themselves, not the options a person picks.
    expect(said({ route: "/me" })).toBe(
      "API key (/key): the key and its claims; Every page: the navigation (what the key may read)",
    );
  });
});
