/**
 * The export route on the real built-in API (the seeded test database), through
 * the server's own fetch path: the CSV parses back to exactly what a walk of the
 * same query over the API returns; bad parameters are a 400 naming them; a failure
 * half-way aborts the stream; pages are fetched only as the reader pulls.
 */
import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Fetcher, InvoiceRecord } from "@/lib/api/client";
import { sandboxInfo, walkForward } from "@/lib/sandbox/testing/sandbox";
import { decimalOfMinor } from "./csv";

let serveExportRequest: typeof import("./serve").serveExportRequest;
let exportCsvStream: typeof import("./stream").exportCsvStream;
let serverFetcher: Fetcher;

beforeAll(async () => {
  vi.stubEnv("SANDBOX_DB", sandboxInfo().dbPath);
  vi.stubEnv("INVOICING_API_URL", "");
  vi.stubEnv("INVOICING_API_KEY", sandboxInfo().keys.demo);
  ({ serveExportRequest } = await import("./serve"));
  ({ exportCsvStream } = await import("./stream"));
  ({ serverFetcher } = await import("@/lib/upstream/server-fetcher"));
});

async function exportOf(list: string, query: string) {
  const request = new Request(`http://dashboard.test/api/export/${list}?${query}`);
  return serveExportRequest(request, list);
}

function parseCsv(text: string): Record<string, string>[] {
  return parse(text, { bom: true, columns: true, record_delimiter: "\r\n" });
}

describe("export route", () => {
  it("invoices: a filtered, ordered view round-trips to the API's walk", async () => {
    const query = "statuses=ISSUED,VOIDED&orderBy=issuedAt:DESC&hasOutstandingBalance=true";
    const response = await exportOf("invoices", query);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="invoices-issued-voided-unpaid-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    // Response.text() drops a byte order mark: read the bytes to see it is there.
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(text.startsWith("\uFEFFid,number,status,")).toBe(true);
    expect(text.endsWith("\r\n")).toBe(true);
    const rows = parseCsv(text);
    const walked = await walkForward<InvoiceRecord>(`/invoices?${query}`);
    expect(walked.length).toBeGreaterThan(100); // more than one page of the export
    expect(rows.map((r) => r.id)).toEqual(walked.map((i) => i.id));
    rows.forEach((row, i) => {
      const invoice = walked[i]!;
      expect(row.currency).toBe(invoice.totalAmount.currencyCode);
      expect(row.totalAmount).toBe(decimalOfMinor(invoice.totalAmount.value));
      expect(row.remainingAmount).toBe(decimalOfMinor(invoice.remainingAmount.value));
      expect(row.issuedAt).toBe(invoice.issuedAt);
      expect(row.periodStart).toBe(invoice.periodStartAt.slice(0, 10));
    });
  });

  it("every list exports the same records, in order, as the API walk", async () => {
    const cases = [
      ["customers", "orderBy=name:DESC&contractHealths=HEALTHY,ENDING"],
      ["contracts", "statuses=ACTIVE,EXPIRED"],
      ["payments", "orderBy=amountCents:DESC,receivedDate:ASC&isAttributed=true"],
    ] as const;
    for (const [list, query] of cases) {
      const response = await exportOf(list, query);
      expect(response.status, list).toBe(200);
      const rows = parseCsv(await response.text());
      const walked = await walkForward<{ id: string }>(`/${list}?${query}`);
      expect(walked.length, list).toBeGreaterThan(0);
      // A customer with several currencies has several consecutive rows.
      const ids = rows.map((r) => r.id).filter((id, i, all) => id !== all[i - 1]);
      expect(ids, list).toEqual(walked.map((r) => r.id));
    }
  });

  it("the customer-detail tables are the same lists filtered by customer", async () => {
    const customers = await walkForward<{ id: string }>("/customers?contractHealths=HEALTHY");
    const customer = customers[0]!;
    const query = `customerId=${customer.id}&statuses=DRAFT,APPROVED,ISSUING,ISSUED,VOIDED`;
    const rows = parseCsv(await (await exportOf("invoices", query)).text());
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.customerId))).toEqual(new Set([customer.id]));
  });

  it("answers 400 JSON naming each bad parameter, 404 for an unknown list", async () => {
    const response = await exportOf(
      "invoices",
      "statuses=PAID&orderBy=amount:UP&limit=5&colour=red",
    );
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toMatch(/application\/json/);
    const body = await response.json();
    expect(body.code).toBe("BAD_REQUEST");
    const issues = body.issues.map((i: { message: string }) => i.message).join("\n");
    for (const name of ["statuses", "orderBy", "limit", "colour"]) expect(issues).toContain(name);
    expect((await exportOf("keys", "")).status).toBe(404);
  });
});

describe("export route: the stream and its failures", () => {
  it("fetches a page only when the reader pulls (bounded memory)", async () => {
    let calls = 0;
    const counting: Fetcher = (path, init) => {
      calls++;
      return serverFetcher(path, init);
    };
    const stream = await exportCsvStream(counting, "invoices", "statuses=ISSUED", {
      pageSize: 10,
    });
    const reader = stream.getReader();
    await reader.read(); // header
    await reader.read(); // first page
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toBeLessThanOrEqual(2);
    await reader.cancel();
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toBeLessThanOrEqual(2);
  });

  it("a failure half-way errors the stream after a line saying why; it never ends cleanly", async () => {
    let calls = 0;
    // The real API for two pages, then a 500 as a failing upstream would answer.
    const failing: Fetcher = (path, init) => {
      calls++;
      if (calls > 2)
        return Promise.resolve(
          Response.json(
            { message: "Upstream broke", code: "INTERNAL", issues: [] },
            { status: 500 },
          ),
        );
      return serverFetcher(path, init);
    };
    const failures: number[] = [];
    const stream = await exportCsvStream(failing, "invoices", "statuses=ISSUED", {
      pageSize: 25,
      onFailure: (rows) => failures.push(rows),
    });
    const decoder = new TextDecoder();
    const reader = stream.getReader();
    let text = "";
    let error: unknown = null;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(Error);
    expect(failures).toEqual([50]);
    expect(text).toMatch(/\r\nEXPORT INCOMPLETE: failed after 50 rows: Upstream broke\r\n$/);
    // The partial text is not a valid CSV of the table: the failure line breaks it.
    expect(() => parseCsv(text)).toThrow();
  });

  it("a failure on the first page is an ordinary error answer, not a CSV", async () => {
    vi.stubEnv("INVOICING_API_KEY", "wrong-key");
    vi.resetModules();
    const { serveExportRequest: serveWithWrongKey } = await import("./serve");
    const response = await serveWithWrongKey(
      new Request("http://dashboard.test/api/export/payments"),
      "payments",
    );
    vi.stubEnv("INVOICING_API_KEY", sandboxInfo().keys.demo);
    expect(response.status).toBe(401);
    expect(response.headers.get("content-type")).toMatch(/application\/json/);
  });
});
