/**
 * Error bodies and methods other than GET, from docs/api.md ("Errors") and
 * docs/readings.md ("Errors"): each status's code, message and issues, unknown routes,
 * and other methods refused on every route without changing anything.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { api, testDatabase } from "../testing/sandbox";
import {
  demoIds,
  type ErrorBody,
  expect400,
  expect404Record,
  expectErrorBody,
  MAX,
  NIL,
  short,
  V4,
} from "./testing/errors";

let invoiceId = "";
let customerId = "";

beforeAll(() => {
  ({ invoiceId, customerId } = demoIds());
});

// ---------------------------------------------------------------------------

describe("error bodies", () => {
  it("400: BAD_REQUEST, 'Input validation failed', issues", async () => {
    await expect400("/invoices?limit=0", ["limit"]);
  });

  it("401: UNAUTHORIZED, 'Unauthorized', issues present", async () => {
    for (const path of ["/invoices", "/customers", `/customers/${NIL}`, "/me"]) {
      const res = await api<ErrorBody>(path, { key: null });
      const where = `${path} → ${short(res.body)}`;
      expect(res.status, where).toBe(401);
      expectErrorBody(res.body, where);
      expect(res.body.code, where).toBe("UNAUTHORIZED");
      expect(res.body.message, where).toBe("Unauthorized");
    }
  });

  it("404 for an unknown id: NOT_FOUND, 'The record does not exist for your business.'", async () => {
    await expect404Record(`/invoices/${V4}`);
    await expect404Record(`/customers/${V4}`);
    await expect404Record(`/invoices/${NIL}`);
    await expect404Record(`/customers/${MAX}`);
  });

  it.each([
    "/nope",
    "/invoice",
    "/",
    `/contracts/${V4}`,
    `/payments/${V4}`,
    `/invoices/${V4}/lines`,
    `/customers/${V4}/invoices`,
    `/me/${V4}`,
    "/v1/invoices",
  ])("unknown route %s → 404 with an error body", async (path) => {
    const res = await api<ErrorBody>(path);
    const where = `${path} → ${res.status} ${short(res.body)}`;
    expect(res.status, where).toBe(404);
    expectErrorBody(res.body, where);
    expect(res.body.code, where).toBe("NOT_FOUND");
  });

  it("unknown route → 404 carries the spec's one 404 message", async () => {
    // docs/api.md, Errors: one code and one message per HTTP status.
    const res = await api<ErrorBody>("/nope");
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("The record does not exist for your business.");
  });

  it("a 405 (or other refusal of a method) has the error body", async () => {
    const res = await api<ErrorBody>("/invoices", { method: "POST" });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expectErrorBody(res.body, `POST /invoices → ${res.status}`);
  });
});

describe("methods other than GET", () => {
  function snapshot() {
    const db = testDatabase();
    const out: Record<string, unknown> = {};
    for (const table of [
      "businesses",
      "users",
      "customers",
      "customer_amounts",
      "contracts",
      "amendments",
      "billables",
      "invoices",
      "invoice_lines",
      "payments",
      "payment_applications",
      "meta",
    ]) {
      out[table] = db.prepare(`SELECT count(*) AS n FROM "${table}"`).get();
    }
    out.invoiceSums = db
      .prepare(
        "SELECT total(updated_at), total(total_cents), total(applied_cents), group_concat(status) FROM invoices",
      )
      .get();
    out.customerSums = db
      .prepare(
        "SELECT total(updated_at), total(coalesce(deleted_at, 0)), group_concat(name) FROM customers",
      )
      .get();
    out.contractSums = db
      .prepare("SELECT total(updated_at), group_concat(lifecycle_status) FROM contracts")
      .get();
    out.paymentSums = db
      .prepare("SELECT total(updated_at), total(applied_cents) FROM payments")
      .get();
    return out;
  }

  it.each(["POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD"])(
    "%s → 4xx with the error body on every route, and nothing changes",
    async (method) => {
      const before = snapshot();
      const invoiceBefore = await api(`/invoices/${invoiceId}`);
      const customerBefore = await api(`/customers/${customerId}`);
      const paths = [
        "/invoices",
        `/invoices/${invoiceId}`,
        "/customers",
        `/customers/${customerId}`,
        "/contracts",
        "/payments",
        "/me",
        "/health",
        "/openapi.json",
      ];
      const failures: string[] = [];
      for (const path of paths)
        for (const key of [undefined, null]) {
          const res = await api<ErrorBody>(path, { method, key });
          const where = `${method} ${path}${key === null ? " (no key)" : ""} → ${res.status}`;
          if (res.status < 400 || res.status >= 500) {
            failures.push(where);
            continue;
          }
          if (method !== "HEAD") expectErrorBody(res.body, where);
        }
      expect(snapshot()).toEqual(before);
      const invoiceAfter = await api(`/invoices/${invoiceId}`);
      const customerAfter = await api(`/customers/${customerId}`);
      expect([invoiceAfter.status, invoiceAfter.body]).toEqual([200, invoiceBefore.body]);
      expect([customerAfter.status, customerAfter.body]).toEqual([200, customerBefore.body]);
      // docs/readings.md, Errors: methods other than GET are refused with a 4xx and change nothing.
      expect(failures, "requests that were not refused with a 4xx").toEqual([]);
    },
  );
});
