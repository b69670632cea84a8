import { describe, expect, it } from "vitest";
import { customerFilterParams, invoiceFilterParams, pagingParams, parseQuery } from "./list-params";

const invoices = { ...invoiceFilterParams, ...pagingParams };

function parse(query: string, defs: Parameters<typeof parseQuery>[1] = invoices) {
  return parseQuery(new URLSearchParams(query), defs);
}

describe("parseQuery", () => {
  it("parses and normalizes lists", () => {
    const result = parse("statuses=ISSUED,DRAFT,ISSUED&limit=10&needsApproval=false");
    expect(result).toEqual({
      ok: true,
      value: { statuses: ["DRAFT", "ISSUED"], limit: 10, needsApproval: false },
    });
  });
  it("lowercases ids", () => {
    const id = "0D9C7C1E-8F4B-4B8E-9F7A-2B1C3D4E5F60";
    expect(parse(`customerId=${id}`)).toEqual({
      ok: true,
      value: { customerId: id.toLowerCase() },
    });
  });
  it("names every bad parameter once", () => {
    const result = parse("limit=0&statuses=PAID&foo=1&needsApproval=yes&limit=3");
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues).toHaveLength(5);
    for (const name of ["limit", "statuses", "foo", "needsApproval"])
      expect(
        result.issues.some((i) => i.startsWith(`${name}:`)),
        name,
      ).toBe(true);
  });
  it("refuses empty values", () => {
    for (const q of ["startingAfter=", "limit=", "statuses=", "orderBy=", "customerIds="])
      expect(parse(q).ok, q).toBe(false);
    expect(parse("search=", customerFilterParams).ok).toBe(false);
  });
  it("checks orderBy fields, directions, count and duplicates", () => {
    const customers = customerFilterParams;
    expect(parse("orderBy=name:ASC,createdAt:DESC", customers)).toEqual({
      ok: true,
      value: {
        orderBy: [
          { field: "name", direction: "ASC" },
          { field: "createdAt", direction: "DESC" },
        ],
      },
    });
    for (const q of [
      "orderBy=name:asc",
      "orderBy=name",
      "orderBy=name:ASC,name:DESC",
      "orderBy=name:ASC,createdAt:ASC,contractHealth:ASC,contractValueAmount:ASC",
      "orderBy=nope:ASC",
    ])
      expect(parse(q, customers).ok, q).toBe(false);
    expect(parse("orderBy=issuedAt:DESC,issuedAt:ASC").ok).toBe(false);
  });
});
