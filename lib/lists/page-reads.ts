/**
 * What each dashboard page reads from the Invoicing API: the route, the parameters
 * it may send and, where they are fixed, their values. `npm run check-api` says
 * from this which pages and features a difference of a real API reaches.
 *
 * Derived where the queries are defined: the list pages from their list
 * definitions (every filter field, every order field, the page sizes of the table
 * and the export), the customer page from `customerRecordQueries`. The insight
 * views' reads are recorded by running their walks (lib/api-check/view-reads.ts).
 * Written out by hand only what no definition holds: the by-id reads, the key's
 * claims and the customer searches of the pickers and the palette.
 * lib/api-check/page-reads.test.ts fails when a page of app/ has no read here.
 */
import { PAGE_SIZE } from "../api/client";
import {
  contractInvoiceProbeQuery,
  contractInvoicesQuery,
  customerContractsQuery,
} from "../contracts/find";
import { EXPORT_PAGE_SIZE } from "../export/stream";
import { statementInvoicesQuery, statementPaymentsQuery } from "../statement/queries";
import { contractList } from "./contracts";
import { customerRecordQueries } from "./customer-records";
import { customerList } from "./customers";
import type { FilterField } from "./define";
import { invoiceList } from "./invoices";
import { paymentList } from "./payments";

export interface PageRead {
  /** the page's route pattern ("/invoices", "/customers/[id]"); "*" for every page */
  page: string;
  /** what on the page reads it: "the list", "Status filter", "sorting by name" */
  feature: string;
  /** the API route: "/invoices", "/invoices/{id}", "/me" */
  route: string;
  /** the parameters it may send */
  params: readonly string[];
  /** the only values it sends, for parameters whose values are fixed */
  sends?: Readonly<Record<string, readonly string[]>>;
  /** a filter, order or search a person picks: not read when the page opens */
  option?: boolean;
}

/** The four list pages, each at `/{list}` and reading the API route of the same name. */
export const LIST_DEFINITIONS = {
  invoices: invoiceList,
  customers: customerList,
  contracts: contractList,
  payments: paymentList,
} as const;

export type ListDefinitionName = keyof typeof LIST_DEFINITIONS;

interface AnyListDefinition {
  parsers: Record<string, unknown>;
  fields: FilterField[];
  orderFields: readonly string[];
  viewQuery: (values: never) => string;
}

/** The parameter names a filter field writes. */
export function fieldParams(field: FilterField): string[] {
  return field.kind === "dateRange" ? [field.from, field.to] : [field.key];
}

/** How a person reads a filter field's name on the page. */
export function fieldFeature(field: FilterField): string {
  if (field.kind === "customers") return `${field.label} filter`;
  if (field.kind === "id") return `${field.label} chip (from links)`;
  if (field.kind === "dateRange") return `${field.label} dates filter`;
  return `${field.label} filter`;
}

/** The customer search of the filter bars' customer pickers (components/filters/customer-picker.tsx). */
const PICKER_SEARCH = { limit: ["8"], orderBy: ["name:ASC"] };
/** The command palette's customer search (components/command-palette/command-palette.tsx). */
const PALETTE_SEARCH = { orderBy: ["name:ASC"] };

function listPageReads(list: ListDefinitionName, definition: AnyListDefinition): PageRead[] {
  const page = `/${list}`;
  const route = `/${list}`;
  const paging = ["limit", "startingAfter"];
  // What the list asks for when its URL says nothing (its defaults: the invoices' order).
  const opening = [...new URLSearchParams((definition.viewQuery as (v: object) => string)({}))];
  const reads: PageRead[] = [
    {
      page,
      feature: "the list",
      route,
      params: [...paging, ...opening.map(([name]) => name)],
      sends: {
        limit: [String(PAGE_SIZE)],
        ...Object.fromEntries(opening.map(([name, value]) => [name, [value]])),
      },
    },
    {
      page,
      feature: "Export CSV",
      route,
      params: [...Object.keys(definition.parsers), ...paging],
      sends: { limit: [String(EXPORT_PAGE_SIZE)] },
    },
  ];
  const inFields = new Set<string>();
  for (const field of definition.fields) {
    const params = fieldParams(field);
    for (const p of params) inFields.add(p);
    reads.push({ page, feature: fieldFeature(field), route, params, option: true });
    if (field.kind === "customers")
      reads.push({
        page,
        feature: `${field.label} filter's search`,
        route: "/customers",
        params: ["search", "limit", "orderBy"],
        sends: PICKER_SEARCH,
        option: true,
      });
    if (field.kind === "id" && field.resource === "customer")
      reads.push({
        page,
        feature: `${field.label} chip's name`,
        route: "/customers/{id}",
        params: [],
      });
  }
  for (const key of Object.keys(definition.parsers)) {
    if (inFields.has(key) || key === "orderBy") continue;
    reads.push({ page, feature: `${key} (from links)`, route, params: [key], option: true });
  }
  for (const field of definition.orderFields)
    reads.push({
      page,
      feature: `sorting by ${field}`,
      route,
      params: ["orderBy"],
      sends: { orderBy: [`${field}:ASC`, `${field}:DESC`] },
      option: true,
    });
  return reads;
}

/** A customer id only for writing the customer page's queries; never sent. */
const EXAMPLE_ID = "00000000-0000-4000-8000-000000000000";

/** The values of a query that are the same for every customer (not the customer's id). */
function fixedValues(query: URLSearchParams): Record<string, string[]> {
  const sends: Record<string, string[]> = {};
  for (const [name, value] of query)
    if (!value.toLowerCase().includes(EXAMPLE_ID)) sends[name] = value.split(",");
  return sends;
}

function customerPageReads(): PageRead[] {
  const page = "/customers/[id]";
  const reads: PageRead[] = [
    { page, feature: "the customer", route: "/customers/{id}", params: [] },
  ];
  // Every view of its invoices (issued, unpaid, all with voided ones): what each adds.
  const views = (["issued", "unpaid", "all"] as const).map((shown) =>
    customerRecordQueries(EXAMPLE_ID, { shown, voided: true, invoicesOrderBy: null }),
  );
  for (const list of ["invoices", "contracts", "payments"] as const) {
    const queries = views.map((queries) => new URLSearchParams(queries[list]));
    const sends: Record<string, string[]> = { limit: [String(PAGE_SIZE)] };
    for (const query of queries)
      for (const [name, values] of Object.entries(fixedValues(query)))
        sends[name] = [...new Set([...(sends[name] ?? []), ...values])];
    reads.push({
      page,
      feature: `its ${list} table`,
      route: `/${list}`,
      params: [
        ...new Set([...queries.flatMap((query) => [...query.keys()]), "limit", "startingAfter"]),
      ],
      sends,
    });
  }
  return reads;
}

/** The contract page (lib/contracts/find.ts): the contract among its customer's contracts. */
function contractPageReads(): PageRead[] {
  const page = "/contracts/[id]";
  const contracts = new URLSearchParams(customerContractsQuery(EXAMPLE_ID));
  const probe = new URLSearchParams(contractInvoiceProbeQuery(EXAMPLE_ID));
  const invoices = new URLSearchParams(contractInvoicesQuery(EXAMPLE_ID));
  return [
    {
      page,
      feature: "the contract (its customer's contracts)",
      route: "/contracts",
      params: [...contracts.keys(), "limit", "startingAfter"],
      sends: { ...fixedValues(contracts), limit: ["100"] },
    },
    {
      page,
      feature: "finding its customer (one of its invoices)",
      route: "/invoices",
      params: [...probe.keys()],
      sends: fixedValues(probe),
    },
    {
      page,
      feature: "its invoices table",
      route: "/invoices",
      params: [...new Set([...invoices.keys(), "limit", "startingAfter"])],
      sends: { ...fixedValues(invoices), limit: [String(PAGE_SIZE)] },
    },
    { page, feature: "its customer's name", route: "/customers/{id}", params: [] },
  ];
}

/**
 * A customer's statement (lib/statement/): the customer, its issued invoices and its
 * payments. The business's name it shows is the key's (`/me`), read for every page.
 */
function statementPageReads(): PageRead[] {
  const page = "/customers/[id]/statement";
  const lists = [
    ["its issued invoices", "/invoices", statementInvoicesQuery(EXAMPLE_ID)],
    ["its cash payments", "/payments", statementPaymentsQuery(EXAMPLE_ID)],
  ] as const;
  return [
    { page, feature: "the customer's billing details", route: "/customers/{id}", params: [] },
    ...lists.map(([feature, route, query]) => {
      const params = new URLSearchParams(query);
      return {
        page,
        feature,
        route,
        params: [...params.keys(), "limit", "startingAfter"],
        sends: { ...fixedValues(params), limit: ["100"] },
      };
    }),
  ];
}

/** Every read of the list pages, the detail pages, the key page and the app shell. */
export function pageReads(): PageRead[] {
  return [
    ...Object.entries(LIST_DEFINITIONS).flatMap(([list, definition]) =>
      listPageReads(list as ListDefinitionName, definition),
    ),
    // Contract rows name their customer (components/contracts/contract-columns.tsx).
    { page: "/contracts", feature: "customer names", route: "/customers/{id}", params: [] },
    { page: "/invoices/[id]", feature: "the invoice", route: "/invoices/{id}", params: [] },
    {
      page: "/invoices/[id]",
      feature: "its customer's name today",
      route: "/customers/{id}",
      params: [],
    },
    {
      page: "/invoices/[id]",
      feature: "its contract's name",
      route: "/contracts",
      params: ["customerIds", "statuses", "limit", "startingAfter"],
      sends: {
        ...fixedValues(new URLSearchParams(customerContractsQuery(EXAMPLE_ID))),
        limit: ["100"],
      },
    },
    ...contractPageReads(),
    ...customerPageReads(),
    ...statementPageReads(),
    { page: "/key", feature: "the key and its claims", route: "/me", params: [] },
    { page: "*", feature: "the navigation (what the key may read)", route: "/me", params: [] },
    {
      page: "*",
      feature: "the command palette's customer search",
      route: "/customers",
      params: ["search", "limit", "orderBy"],
      sends: PALETTE_SEARCH,
      option: true,
    },
  ];
}
