/**
 * CSV export, through the Export button of each list, against the demo server:
 * the saved file parses back to exactly the records (ids in order, money, dates) a
 * whole walk of the same query over the API returns. A bad parameter is a 400 JSON
 * naming it. Against the fault-injecting upstream, a failure half-way leaves the
 * download visibly incomplete and the page says after how many rows and why.
 */
import fs from "node:fs";
import { parse } from "csv-parse/sync";
import { FAULT_CONTROL_URL, FAULTS_URL } from "../support/env";
import { apiWalk, reachForList } from "../support/lists";
import { ensureSignedIn } from "../support/session";
import { type APIRequestContext, expect, type Page, test } from "../support/test";

type Row = Record<string, string>;
// biome-ignore lint/suspicious/noExplicitAny: API records as JSON, compared field by field.
type ApiRecord = Record<string, any>;

/**
 * Minor units as the export writes them: 123456 → "1234.56", and a negative amount
 * behind the formula guard every cell starting with "-" gets: -5 → "'-0.05".
 */
function decimal(minor: number): string {
  const abs = Math.abs(minor);
  return `${minor < 0 ? "'-" : ""}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}
const lastDay = (exclusiveEnd: string) =>
  new Date(Date.parse(exclusiveEnd) - 86_400_000).toISOString().slice(0, 10);

/**
 * Every exported row against the row expected from the API, column by column, in
 * one assertion that lists the first differences (thousands of separate expects,
 * or a deep diff of thousands of rows, take the runner minutes).
 */
function expectRows(exported: Row[], expected: Row[]) {
  expect(exported.length, "rows exported").toBe(expected.length);
  const differences: string[] = [];
  expected.forEach((want, i) => {
    for (const [column, value] of Object.entries(want))
      if (exported[i]?.[column] !== value && differences.length < 5)
        differences.push(`row ${i + 1} ${column}: ${exported[i]?.[column]} ≠ ${value}`);
  });
  expect(differences).toEqual([]);
}

/** Clicks Export on the list page, waits for the saved file and parses it. */
async function exportThroughButton(page: Page, path: string) {
  await page.goto(path);
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const download = await downloading;
  const file = await download.path();
  const bytes = fs.readFileSync(file);
  // UTF-8 with a byte order mark (Excel reads UTF-8 only with one), CRLF record ends.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString("utf8");
  expect(text.endsWith("\r\n")).toBe(true);
  const header = (parse(text, { bom: true, to_line: 1 }) as string[][])[0]!;
  const rows = parse(text, { bom: true, columns: true, record_delimiter: "\r\n" }) as Row[];
  return { name: download.suggestedFilename(), header, rows };
}

test("invoices: the filtered, ordered view exports exactly the API's records", async ({
  page,
  request,
}) => {
  const query = "statuses=ISSUED,VOIDED&orderBy=issuedAt:DESC";
  const { name, header, rows } = await exportThroughButton(page, `/invoices?${query}`);
  // Named after the view (lib/export/file-name.ts).
  expect(name).toMatch(/^invoices-issued-voided-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(header.slice(0, 3)).toEqual(["id", "number", "status"]);
  expect(header).toEqual(expect.arrayContaining(["currency", "totalAmount", "periodLastDay"]));
  const walked = await apiWalk<ApiRecord>(request, "invoices", query);
  expect(walked.length).toBeGreaterThan(100);
  expectRows(
    rows,
    walked.map((invoice) => ({
      id: invoice.id,
      status: invoice.status,
      currency: invoice.totalAmount.currencyCode,
      totalAmount: decimal(invoice.totalAmount.value),
      appliedAmount: decimal(invoice.appliedAmount.value),
      remainingAmount: decimal(invoice.remainingAmount.value),
      issuedAt: invoice.issuedAt ?? "",
      periodStart: invoice.periodStartAt.slice(0, 10),
      periodLastDay: lastDay(invoice.periodEndAt),
    })),
  );
  await expect(page.getByTestId("export-status")).toHaveText(
    new RegExp(`^Exported ${walked.length.toLocaleString("en-US")} rows`),
  );
  // The page's chosen columns (a display parameter) change nothing in the file.
  const withColumns = await request.get(`/api/export/invoices?${query}&columns=period,-dueAt`);
  expect(withColumns.status()).toBe(200);
  const fromRoute = parse(await withColumns.text(), {
    bom: true,
    columns: true,
    record_delimiter: "\r\n",
  }) as Row[];
  expect(fromRoute).toEqual(rows);
});

test("customers: one row per customer and currency, in the view's order", async ({
  page,
  request,
}) => {
  const query = "contractHealths=HEALTHY,RENEWAL_DUE,ENDING&orderBy=name:DESC";
  const { rows } = await exportThroughButton(page, `/customers?${query}`);
  const walked = await apiWalk<ApiRecord>(request, "customers", query);
  expect(walked.length).toBeGreaterThan(20);
  const sums = ["outstandingIssuedAmount", "contractValueAmount", "remainingToInvoiceAmount"];
  let multiCurrency = 0;
  // One row per customer and currency of its sums, codes in order; one empty row without.
  const expected = walked.flatMap((customer) => {
    const codes = [...new Set(sums.flatMap((sum) => Object.keys(customer[sum])))].sort();
    if (codes.length > 1) multiCurrency++;
    const base = {
      id: customer.id,
      name: customer.name,
      contractHealth: customer.contractHealth,
      coverageContractStart: customer.coverageContractStartAt?.slice(0, 10) ?? "",
    };
    if (codes.length === 0)
      return [{ ...base, currency: "", ...Object.fromEntries(sums.map((sum) => [sum, ""])) }];
    return codes.map((code) => ({
      ...base,
      currency: code,
      ...Object.fromEntries(sums.map((sum) => [sum, decimal(customer[sum][code]?.value ?? 0)])),
    }));
  });
  expectRows(rows, expected);
  expect(multiCurrency).toBeGreaterThan(0);
});

test("contracts: the status filter's records with currency and first/last days", async ({
  page,
  request,
}) => {
  const query = "statuses=ACTIVE,EXPIRED";
  const { rows } = await exportThroughButton(page, `/contracts?${query}`);
  const walked = await apiWalk<ApiRecord>(request, "contracts", query);
  expect(walked.length).toBeGreaterThan(100);
  expectRows(
    rows,
    walked.map((contract) => ({
      id: contract.id,
      currency: contract.currencyCode,
      lifecycleStatus: contract.lifecycleStatus,
      start: contract.startAt.slice(0, 10),
      endLastDay: lastDay(contract.endAt),
      createdAt: contract.createdAt,
    })),
  );
});

test("payments: a three-field order exports amounts as decimals", async ({ page, request }) => {
  const query = "isAttributed=true&orderBy=amountCents:DESC,receivedDate:ASC";
  const { rows } = await exportThroughButton(page, `/payments?${query}`);
  const walked = await apiWalk<ApiRecord>(request, "payments", query);
  expect(walked.length).toBeGreaterThan(100);
  expectRows(
    rows,
    walked.map((payment) => ({
      id: payment.id,
      amount: decimal(payment.amountCents),
      unappliedAmount: decimal(payment.unappliedAmountCents),
      bankFeeAmount: payment.bankFee ? decimal(payment.bankFee.amountCents) : "",
      receivedDate: payment.receivedDate.slice(0, 10),
      customerName: payment.customerName ?? "",
    })),
  );
});

test("a bad parameter is a 400 JSON naming it, and nothing is downloaded", async ({ request }) => {
  const res = await request.get("/api/export/invoices?statuses=PAID&orderBy=total:ASC");
  expect(res.status()).toBe(400);
  expect(res.headers()["content-type"]).toMatch(/application\/json/);
  const body = await res.json();
  const issues = body.issues.map((i: { message: string }) => i.message).join("\n");
  expect(issues).toContain("statuses");
  expect(issues).toContain("orderBy");
  expect((await request.get("/api/export/users")).status()).toBe(404);
});

test.describe("against a failing upstream", () => {
  async function setPaymentsFault(request: APIRequestContext, fault: string, after = 0) {
    const res = await request.post(FAULT_CONTROL_URL, {
      data: { fault, path: "/payments", after },
    });
    expect(res.ok()).toBe(true);
  }

  test.afterAll(async ({ request }) => {
    await setPaymentsFault(request, "none");
  });

  test("a failure half-way never ends as a complete file; the page says after how many rows", async ({
    page,
  }) => {
    await ensureSignedIn(page, FAULTS_URL);
    await setPaymentsFault(page.request, "none");
    await page.goto(`${FAULTS_URL}/payments`);
    await expect(page.getByRole("button", { name: "Export CSV" })).toBeVisible();
    // The table's own reads (its next page, read ahead once the list is in use) are
    // done before the rule starts counting requests.
    await reachForList(page, "Payments");
    await page.waitForLoadState("networkidle");

    // Read directly: two pages (200 rows) pass, then every read of /payments fails.
    await setPaymentsFault(page.request, "500", 2);
    let body = "";
    let readFailed = false;
    try {
      const res = await page.request.get(`${FAULTS_URL}/api/export/payments`);
      expect(res.status()).toBe(200); // the first page had succeeded: the CSV had started
      body = await res.text();
    } catch {
      readFailed = true; // the response was aborted before its end
    }
    if (!readFailed) {
      // Whatever arrived must not pass for a complete file.
      expect(body).toContain("EXPORT INCOMPLETE: failed after 200 rows");
      expect(() => parse(body, { bom: true, columns: true })).toThrow();
    }

    // Through the button: the failure is said with the row count; nothing is saved.
    await setPaymentsFault(page.request, "500", 2);
    let downloaded = false;
    page.on("download", () => {
      downloaded = true;
    });
    await page.getByRole("button", { name: "Export CSV" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "Export failed" });
    await expect(alert).toHaveText("Export failed after 200 rows: Internal error (injected)", {
      timeout: 20_000,
    });
    expect(downloaded).toBe(false);

    // Retry once the upstream recovers: the whole file is saved.
    await setPaymentsFault(page.request, "none");
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Retry export" }).click();
    const download = await downloading;
    const rows = parse(fs.readFileSync(await download.path()), { bom: true, columns: true });
    expect(rows.length).toBeGreaterThan(200);
    await expect(alert).toHaveCount(0);
  });
});

test("a customer's page exports its invoices and payments tables as the API lists them", async ({
  page,
  request,
}) => {
  // A customer with invoices and attributed payments, taken from the API.
  const customers = await apiWalk<ApiRecord>(request, "customers", "contractHealths=HEALTHY");
  let chosen: { id: string; invoices: ApiRecord[]; payments: ApiRecord[] } | null = null;
  for (const customer of customers.slice(0, 20)) {
    // The customer page opens on its issued invoices, newest first.
    const invoices = await apiWalk<ApiRecord>(
      request,
      "invoices",
      `customerId=${customer.id}&statuses=ISSUED&orderBy=issuedAt:DESC`,
    );
    const payments = await apiWalk<ApiRecord>(request, "payments", `customerId=${customer.id}`);
    if (invoices.length > 0 && payments.length > 0) {
      chosen = { id: customer.id, invoices, payments };
      break;
    }
  }
  if (!chosen) throw new Error("no customer with both invoices and payments in the demo data");

  await page.goto(`/customers/${chosen.id}`);
  for (const [title, records] of [
    ["Invoices", chosen.invoices],
    ["Payments", chosen.payments],
  ] as const) {
    const section = page.getByRole("region", { name: title, exact: true });
    const downloading = page.waitForEvent("download");
    await section.getByRole("button", { name: "Export CSV" }).click();
    const text = fs.readFileSync(await (await downloading).path()).toString("utf8");
    const rows = parse(text, { bom: true, columns: true, record_delimiter: "\r\n" }) as Row[];
    expect(
      rows.map((row) => row.id),
      title,
    ).toEqual(records.map((record) => record.id));
  }
});
