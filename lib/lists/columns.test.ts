/**
 * The `columns` display parameter (lib/lists/columns.ts): read and written as the
 * list's URL keeps it, unknown ids dropped, and never part of what is asked of the
 * API: not in a list's API query, and accepted but left out by the export's (and so
 * the sums' and saved views') check of a page's query.
 */
import { describe, expect, test } from "vitest";
import { exportQuery } from "../export/query";
import { COLUMNS_PARAM, parseAsColumnChoice } from "./columns";
import { contractList } from "./contracts";
import { customerList } from "./customers";
import { invoiceList } from "./invoices";
import { paymentList } from "./payments";
import { readUrlValues, renderQueryString, writeUrlValues } from "./url-params";

const param = invoiceList.display.columns;

describe("the columns parameter", () => {
  test("shown and hidden choices, written in the list's column order", () => {
    const choice = { delivery: true, customer: false, contract: true };
    expect(param.serialize(choice)).toBe("-customer,contract,delivery");
    expect(param.parse("-customer,contract,delivery")).toEqual(choice);
  });

  test("round trip through a list URL, the filters kept beside it", () => {
    const base = new URLSearchParams("statuses=ISSUED&orderBy=issuedAt:ASC");
    const written = writeUrlValues(
      invoiceList.display,
      { columns: { contract: true, dueAt: false } },
      base,
    );
    const query = renderQueryString(written);
    expect(query).toBe("?statuses=ISSUED&orderBy=issuedAt:ASC&columns=contract,-dueAt");
    const read = readUrlValues(invoiceList.display, new URLSearchParams(query));
    expect(read.columns).toEqual({ contract: true, dueAt: false });
    expect(invoiceList.load(new URLSearchParams(query))).toMatchObject({
      statuses: ["ISSUED"],
      orderBy: "issuedAt:ASC",
    });
    // An empty choice removes the parameter.
    const cleared = writeUrlValues(invoiceList.display, { columns: null }, written);
    expect(renderQueryString(cleared)).toBe("?statuses=ISSUED&orderBy=issuedAt:ASC");
  });

  test("unknown ids, empty items and stray spaces are dropped; the last mention wins", () => {
    expect(param.parse("contract,nope,-alsoNope,,  -dueAt ,-")).toEqual({
      contract: true,
      dueAt: false,
    });
    expect(param.parse("contract,-contract")).toEqual({ contract: false });
    expect(param.parse("nope,--dueAt")).toBeNull();
    expect(param.parse("")).toBeNull();
    // Another list's column is unknown here.
    expect(param.parse("lifecycleStatus")).toBeNull();
    expect(contractList.display.columns.parse("lifecycleStatus")).toEqual({
      lifecycleStatus: true,
    });
  });

  test.each([
    ["invoices", invoiceList],
    ["customers", customerList],
    ["contracts", contractList],
    ["payments", paymentList],
  ] as const)(
    "%s: never in the API query, accepted and left out by the export's check",
    (name, list) => {
      const [first, second] = list.columns as readonly string[];
      const query = `${COLUMNS_PARAM}=${first},-${second}`;
      const values = list.load(new URLSearchParams(query));
      expect(Object.keys(values)).not.toContain(COLUMNS_PARAM);
      expect(list.viewQuery(values as never)).not.toContain(COLUMNS_PARAM);
      expect(list.apiQuery(values as never)).not.toContain(COLUMNS_PARAM);
      const checked = exportQuery(name, new URLSearchParams(query));
      expect(checked).toEqual({ ok: true, apiQuery: list.viewQuery({}) });
    },
  );

  test("the export's check: the same API query with or without columns; given twice is refused", () => {
    const filters = "statuses=ISSUED,VOIDED&hasOutstandingBalance=true";
    const without = exportQuery("invoices", new URLSearchParams(filters));
    const withColumns = exportQuery(
      "invoices",
      new URLSearchParams(`${filters}&columns=contract,-dueAt,unknownColumn`),
    );
    expect(without.ok).toBe(true);
    expect(withColumns).toEqual(without);
    if (withColumns.ok) expect(withColumns.apiQuery).not.toContain("columns");
    expect(exportQuery("invoices", new URLSearchParams("columns=a&columns=b"))).toEqual({
      ok: false,
      issues: ["columns: given more than once"],
    });
    // A bad filter is still named beside it.
    const bad = exportQuery("invoices", new URLSearchParams("columns=contract&statuses=NOPE"));
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.issues.join("\n")).toMatch(/statuses/);
  });
});

test("parseAsColumnChoice writes nothing for ids the list does not have", () => {
  expect(parseAsColumnChoice(["a", "b"]).serialize({ c: true, b: false })).toBe("-b");
});
