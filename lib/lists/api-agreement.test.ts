/**
 * Each list's parameters live in two places that must agree: what the API takes
 * (lib/api/list-params.ts: zod, which the built-in API validates with and the
 * OpenAPI document describes) and what the dashboard keeps in its URL and sends
 * (lib/lists/*: zod-free, as they run in the browser; the toolbar's fields and
 * `useUrlValues` read and write with them). They cannot be one module without
 * shipping zod to the browser, so this test holds them together: the same names,
 * and for a corpus of values of every kind (booleans, uuids, dates, text, every
 * enumeration value, every order field up to past each limit), whatever the API
 * takes the URL keeps with the same meaning, and whatever the URL keeps the API
 * takes. The toolbar offers what the API takes, and the header clicks order by
 * what it can sort.
 */
import { describe, expect, test } from "vitest";
import { PAGE_SIZE } from "@/lib/api/client";
import * as enums from "@/lib/api/enums";
import { listFilterParams, type ParamDefs, pagingParams, parseQuery } from "@/lib/api/list-params";
import { contractList } from "./contracts";
import { customerList } from "./customers";
import type { FilterField } from "./define";
import { invoiceList } from "./invoices";
import { paymentList } from "./payments";
import type { UrlParams } from "./url-params";

interface UrlList {
  parsers: UrlParams;
  fields: FilterField[];
  orderFields: readonly string[];
  maxOrderFields: number;
  load: (search: URLSearchParams) => Record<string, unknown>;
  apiQuery: (values: Record<string, unknown>) => string;
}

const URL_LISTS = {
  invoices: invoiceList,
  customers: customerList,
  contracts: contractList,
  payments: paymentList,
} as unknown as Record<keyof typeof listFilterParams, UrlList>;

const LISTS = Object.entries(listFilterParams).map(([name, api]) => ({
  name,
  api: api as ParamDefs,
  url: URL_LISTS[name as keyof typeof listFilterParams],
}));

/** Every enumeration and order-field list the API's constants hold. */
const ENUMS = (Object.values(enums) as unknown[]).filter(
  (value): value is readonly string[] =>
    Array.isArray(value) && value.every((item) => typeof item === "string"),
);

const UUID = "0b8f5a3e-8a8c-4d55-9b1e-2a6f1c3d4e5f";
const OTHER_UUID = "7d2c1b0a-1e2f-4a3b-8c4d-5e6f7a8b9c0d";

/** Values some kind of parameter takes, and near misses one side might take and the other not. */
function corpus(list: UrlList): string[] {
  const values = [
    ...["true", "false", "TRUE", "yes"],
    ...[UUID, UUID.toUpperCase(), `${UUID},${OTHER_UUID}`, `${OTHER_UUID},${UUID},${OTHER_UUID}`],
    "00000000-0000-0000-0000-000000000000",
    "ffffffff-ffff-ffff-ffff-ffffffffffff",
    "0b8f5a3e-8a8c-0d55-9b1e-2a6f1c3d4e5f", // version 0: not a uuid to the API
    "0b8f5a3e-8a8c-4d55-cb1e-2a6f1c3d4e5f", // variant c: not a uuid to the API
    ...["2026-01-01", "2026-01-01T10:00:00Z", "2026-01-01T10:00:00.123+02:00", "2026-01-01T10:00"],
    "2026-01-01t10:00:00z",
    ...["2026-02-30", "2026-13-01", "2026-01-01T24:00:00Z", "2026-01-01T10:00:00+25:00"],
    ...["Acme", "a b & c, Ltd."],
  ];
  const orderLists = [...ENUMS, list.orderFields];
  const offered = [
    ...list.fields.flatMap((field) => ("options" in field ? [field.options] : [])),
    ...Object.values(list.parsers).flatMap((param) => (param.options ? [param.options] : [])),
  ];
  for (const items of [...ENUMS, ...offered]) {
    values.push(...items, items.join(","), `${items[0]},NOPE`, items[0]!.toLowerCase());
  }
  for (const fields of orderLists) {
    for (const field of fields) values.push(`${field}:ASC`, `${field}:DESC`, `${field}:asc`);
    for (let count = 2; count <= fields.length; count++)
      values.push(
        fields
          .slice(0, count)
          .map((f, i) => `${f}:${i % 2 ? "DESC" : "ASC"}`)
          .join(","),
      );
    if (fields[0]) values.push(`${fields[0]}:ASC,${fields[0]}:DESC`);
  }
  return [...new Set(values)];
}

function apiReads(api: ParamDefs, query: string) {
  return parseQuery(new URLSearchParams(query), api);
}

/** What the URL keeps of `raw` for `name`, and the API query the page then sends; null when it keeps nothing. */
function urlKeeps(url: UrlList, name: string, raw: string) {
  const value = url.load(new URLSearchParams([[name, raw]]))[name];
  if (value === null || (Array.isArray(value) && value.length === 0)) return null;
  return { value, query: url.apiQuery({ [name]: value }) };
}

describe.each(LISTS)("$name: the URL's parameters and the API's", ({ api, url }) => {
  test("have the same names", () => {
    expect(Object.keys(url.parsers).sort()).toEqual(Object.keys(api).sort());
  });

  test("whatever the API takes, the URL keeps and sends with the same meaning", () => {
    const disagreements: string[] = [];
    for (const name of Object.keys(api))
      for (const raw of corpus(url)) {
        const query = new URLSearchParams([[name, raw]]).toString();
        const byApi = apiReads(api, query);
        if (!byApi.ok) continue;
        const kept = urlKeeps(url, name, raw);
        if (!kept) disagreements.push(`${name}=${raw}: the API takes it, the URL drops it`);
        else if (JSON.stringify(apiReads(api, kept.query)) !== JSON.stringify(byApi))
          disagreements.push(`${name}=${raw}: the URL sends ${kept.query}, read otherwise`);
      }
    expect(disagreements).toEqual([]);
  });

  test("whatever the URL keeps, the API takes", () => {
    const disagreements: string[] = [];
    for (const name of Object.keys(url.parsers))
      for (const raw of corpus(url)) {
        const kept = urlKeeps(url, name, raw);
        if (!kept) continue;
        const byApi = apiReads(api, kept.query);
        if (!byApi.ok) disagreements.push(`${name}=${raw}: sent as ${kept.query}, ${byApi.issues}`);
      }
    expect(disagreements).toEqual([]);
  });

  test("the toolbar's fields name its parameters and offer exactly what the API takes", () => {
    for (const field of url.fields) {
      const names = field.kind === "dateRange" ? [field.from, field.to] : [field.key];
      for (const name of names) expect(Object.keys(api), name).toContain(name);
      if (field.kind === "multi" || field.kind === "select") {
        const taken = ENUMS.flat().filter((value) => apiReads(api, `${field.key}=${value}`).ok);
        expect([...new Set(taken)].sort(), field.key).toEqual([...field.options].sort());
      }
    }
  });

  test("the header clicks order by the fields the API sorts by, up to its limit", () => {
    const sortable = [...new Set(ENUMS.flat())].filter(
      (field) => apiReads(api, `orderBy=${field}:ASC`).ok,
    );
    expect(sortable.sort()).toEqual([...url.orderFields].sort());
    let most = 0;
    while (
      most < url.orderFields.length &&
      apiReads(
        api,
        `orderBy=${url.orderFields
          .slice(0, most + 1)
          .map((f) => `${f}:ASC`)
          .join(",")}`,
      ).ok
    )
      most++;
    expect(most).toBe(url.maxOrderFields);
    if (url.maxOrderFields < url.orderFields.length)
      expect(
        apiReads(
          api,
          `orderBy=${url.orderFields
            .slice(0, url.maxOrderFields + 1)
            .map((f) => `${f}:ASC`)
            .join(",")}`,
        ).ok,
      ).toBe(false);
  });
});

test("the lists' page size is one the API takes", () => {
  expect(apiReads(pagingParams, `limit=${PAGE_SIZE}`).ok).toBe(true);
});
