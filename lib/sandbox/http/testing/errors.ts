/**
 * What the tests of error responses share: the error body's shape and the checks of a
 * 400, a 404 and a status (docs/api.md, "Errors"; docs/readings.md, "Invalid
 * parameters"), and real record ids of the demo business.
 */
import { expect } from "vitest";
import { api, sandboxInfo, testDatabase } from "../../testing/sandbox";
import { SPEC_LIST_PARAMETERS } from "../../testing/spec-terms";

export interface ErrorBody {
  message: string;
  code: string;
  issues: { message: string }[];
}

export const NIL = "00000000-0000-0000-0000-000000000000";
export const MAX = "ffffffff-ffff-ffff-ffff-ffffffffffff";
export const V4 = "123e4567-e89b-42d3-a456-426614174000";

export const PARAMS = SPEC_LIST_PARAMETERS;
export type ListPath = keyof typeof PARAMS;
export const LISTS = Object.keys(PARAMS) as ListPath[];

export function q(params: [string, string][]): string {
  return params.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&");
}

export function short(body: unknown): string {
  return JSON.stringify(body).slice(0, 400);
}

/** The error body: exactly message, code and issues (an array of objects with a string message). */
export function expectErrorBody(body: unknown, where: string): asserts body is ErrorBody {
  expect(body, where).toBeTypeOf("object");
  expect(body, where).not.toBeNull();
  expect(Object.keys(body as object).sort(), `${where}: ${short(body)}`).toEqual([
    "code",
    "issues",
    "message",
  ]);
  const b = body as ErrorBody;
  expect(typeof b.message, where).toBe("string");
  expect(typeof b.code, where).toBe("string");
  expect(Array.isArray(b.issues), where).toBe(true);
  for (const issue of b.issues) {
    expect(issue, where).toBeTypeOf("object");
    expect(typeof issue.message, `${where}: ${short(issue)}`).toBe("string");
    expect(issue.message.length, where).toBeGreaterThan(0);
  }
}

/**
 * A 400 with one issue per bad parameter, each named (docs/readings.md, Invalid
 * parameters: "one `issues` entry per problem, each naming its parameter").
 */
export async function expect400(pathAndQuery: string, names: string[], key?: string) {
  const res = await api<ErrorBody>(pathAndQuery, key === undefined ? {} : { key });
  const where = `${pathAndQuery.slice(0, 300)} → ${res.status} ${short(res.body)}`;
  expect(res.status, where).toBe(400);
  expectErrorBody(res.body, where);
  expect(res.body.code, where).toBe("BAD_REQUEST");
  expect(res.body.message, where).toBe("Input validation failed");
  if (names.length > 0) {
    expect(res.body.issues.length, `${where}: one issue per problem`).toBe(names.length);
    for (const name of names)
      expect(
        res.body.issues.some((i) => JSON.stringify(i).includes(name)),
        `${where}: no issue names ${name}`,
      ).toBe(true);
  } else {
    expect(res.body.issues.length, `${where}: no issue`).toBeGreaterThan(0);
  }
  return res.body;
}

export async function expectStatus(pathAndQuery: string, status: number) {
  const res = await api(pathAndQuery);
  expect(res.status, `${pathAndQuery.slice(0, 300)} → ${short(res.body)}`).toBe(status);
  return res;
}

export async function expect404Record(pathAndQuery: string) {
  const res = await api<ErrorBody>(pathAndQuery);
  const where = `${pathAndQuery} → ${res.status} ${short(res.body)}`;
  expect(res.status, where).toBe(404);
  expectErrorBody(res.body, where);
  expect(res.body.code, where).toBe("NOT_FOUND");
  expect(res.body.message, where).toBe("The record does not exist for your business.");
}

export interface DemoIds {
  invoiceId: string;
  customerId: string;
  contractId: string;
}

let demo: DemoIds | undefined;

/** An invoice, a non-deleted customer and a contract of the demo business, read once per worker. */
export function demoIds(): DemoIds {
  if (demo) return demo;
  const db = testDatabase();
  const business = sandboxInfo().demoBusinessId;
  const invoiceId = (
    db.prepare("SELECT id FROM invoices WHERE business_id = ? LIMIT 1").get(business) as {
      id: string;
    }
  ).id;
  const customerId = (
    db
      .prepare("SELECT id FROM customers WHERE business_id = ? AND deleted_at IS NULL LIMIT 1")
      .get(business) as { id: string }
  ).id;
  const contractId = (
    db.prepare("SELECT id FROM contracts WHERE business_id = ? LIMIT 1").get(business) as {
      id: string;
    }
  ).id;
  demo = { invoiceId, customerId, contractId };
  return demo;
}
