import { describe, expect, test } from "vitest";
import { contractList } from "./contracts";
import { customerPageParsers, customerRecordQueries, loadCustomerPage } from "./customer-records";
import { customerList } from "./customers";
import { invoiceList } from "./invoices";
import { parseAsOrderBy } from "./order";
import { paymentList } from "./payments";
import {
  parseAsArrayOf,
  parseAsBoolean,
  parseAsString,
  parseAsStringLiteral,
  readUrlValues,
  renderQueryString,
  writeUrlValues,
} from "./url-params";

const CUSTOMER = "0b8f5a3e-8a8c-4d55-9b1e-2a6f1c3d4e5f";

describe("reading a list's URL", () => {
  test("every invoice filter is read as the page shows it", () => {
    const values = invoiceList.load(
      new URLSearchParams(
        `customerIds=${CUSTOMER.toUpperCase()},not-a-uuid&statuses=DRAFT,VOIDED,NOPE` +
          "&needsApproval=TRUE&hasOutstandingBalance=false&issueDateStartAt=2026-01-01" +
          "&issueDateEndAt=2026-01-31T23:59:59.999Z&dueDateStartAt=tomorrow&orderBy=issuedAt:DESC",
      ),
    );
    expect(values).toEqual({
      customerId: null,
      customerIds: [CUSTOMER], // lower-cased; an item that is not a uuid is left out
      contractId: null,
      statuses: ["DRAFT", "VOIDED"],
      needsApproval: true,
      issueDateStartAt: "2026-01-01",
      issueDateEndAt: "2026-01-31T23:59:59.999Z",
      dueDateStartAt: null, // not a date
      dueDateEndAt: null,
      periodStartAtOrAfter: null,
      periodStartBefore: null,
      hasOutstandingBalance: false,
      hasAppliedPayments: null,
      hasUncoveredBalance: null,
      orderBy: "issuedAt:DESC",
    });
  });

  test("an order the API does not offer is ignored", () => {
    expect(invoiceList.load(new URLSearchParams("orderBy=issuedAt:UP")).orderBy).toBeNull();
    expect(invoiceList.load(new URLSearchParams("orderBy=total:ASC")).orderBy).toBeNull();
  });

  test("customers: up to three distinct known sort fields", () => {
    const load = (orderBy: string) => customerList.load(new URLSearchParams({ orderBy })).orderBy;
    expect(load("name:ASC,createdAt:DESC")).toEqual([
      { field: "name", direction: "ASC" },
      { field: "createdAt", direction: "DESC" },
    ]);
    expect(load("name:ASC,name:DESC")).toBeNull();
    expect(load("name:ASC,createdAt:DESC,contractHealth:ASC,contractValueAmount:ASC")).toBeNull();
    expect(load("color:ASC")).toBeNull();
    expect(load("name")).toBeNull();
  });

  test("a server page's searchParams: the first of repeated values, absent is null", () => {
    expect(
      paymentList.load({ isAttributed: ["true", "false"], hasUnappliedAmount: undefined }),
    ).toEqual({
      customerId: null,
      isAttributed: true,
      hasUnappliedAmount: null,
      orderBy: null,
    });
  });

  test("an empty list parameter is an empty list, not an absent one", () => {
    expect(contractList.load(new URLSearchParams("statuses=")).statuses).toEqual([]);
    expect(contractList.load(new URLSearchParams("")).statuses).toBeNull();
  });

  test("a parser that throws reads as absent", () => {
    const throwing = {
      parse: () => {
        throw new Error("unreadable");
      },
      serialize: String,
    };
    expect(readUrlValues({ x: throwing }, new URLSearchParams("x=1"))).toEqual({ x: null });
  });

  test("the customer page's invoices show issued ones unless the URL says otherwise; voided ones only with all", () => {
    expect(loadCustomerPage({})).toEqual({ shown: "issued", voided: false, invoicesOrderBy: null });
    expect(loadCustomerPage({ invoices: "unpaid" }).shown).toBe("unpaid");
    expect(loadCustomerPage({ invoices: "owed" }).shown).toBe("issued");
    expect(loadCustomerPage({ invoices: "all", voided: "true" })).toMatchObject({
      shown: "all",
      voided: true,
    });
    expect(loadCustomerPage({ invoices: "issued", voided: "true" }).voided).toBe(false);
    // A link from before the choice: voided ones asked for, so all of them.
    expect(loadCustomerPage({ voided: "true" })).toMatchObject({ shown: "all", voided: true });
    expect(loadCustomerPage({ voided: "yes" })).toMatchObject({ shown: "issued", voided: false });
    expect(readUrlValues(customerPageParsers, new URLSearchParams()).voided).toBeNull();
  });
});

describe("writing a list's URL and its API query: order and escaping", () => {
  test("values in definition order, commas and colons readable, null left out", () => {
    expect(
      invoiceList.apiQuery({
        orderBy: "issuedAt:ASC",
        statuses: ["ISSUED", "DRAFT"],
        customerIds: [CUSTOMER],
        needsApproval: false,
        contractId: null,
      }),
    ).toBe(
      `customerIds=${CUSTOMER}&statuses=ISSUED,DRAFT&needsApproval=false&orderBy=issuedAt:ASC`,
    );
    expect(invoiceList.apiQuery({})).toBe("");
  });

  test("a search is escaped so that it reads back the same", () => {
    const search = `a+b & c=d #1 "x" 50% <y>?`;
    const query = customerList.apiQuery({ search });
    expect(query).toBe("search=a%2Bb+%26+c=d+%231+%22x%22+50%25+%3Cy%3E?");
    expect(customerList.load(new URLSearchParams(query)).search).toBe(search);
  });

  test("control characters are escaped, other characters kept as typed", () => {
    expect(renderQueryString(new URLSearchParams([["q", "é\n💩\t"]]))).toBe("?q=é%0A💩%09");
  });

  test("writing over a URL keeps what the list does not own and drops what is cleared", () => {
    const base = new URLSearchParams("utm=mail&search=old&contractHealths=HEALTHY");
    const written = writeUrlValues(
      customerList.parsers,
      { search: null, contractHealths: ["RENEWAL_DUE", "ENDING"] },
      base,
    );
    expect(renderQueryString(written)).toBe("?utm=mail&contractHealths=RENEWAL_DUE,ENDING");
    expect(base.toString()).toBe("utm=mail&search=old&contractHealths=HEALTHY"); // not changed
  });

  test("an item holding the separator survives a round trip", () => {
    const tags = parseAsArrayOf(parseAsString);
    const written = tags.serialize(["a,b", "c"]);
    expect(written).toBe("a%2Cb,c");
    expect(tags.parse(written)).toEqual(["a,b", "c"]);
  });
});

describe("writing a list's URL and its API query: round trips and the opening views", () => {
  test("every list reads back exactly what it wrote", () => {
    const cases = [
      [
        invoiceList,
        invoiceList.load(
          new URLSearchParams(
            `customerId=${CUSTOMER}&hasUncoveredBalance=true&periodStartBefore=2026-02-01`,
          ),
        ),
      ],
      [
        customerList,
        {
          search: "Ünïcode, Ltd.",
          contractHealths: ["NO_CONTRACTS"],
          subscriptionFrequency: "ANNUAL",
          orderBy: [{ field: "remainingToInvoiceAmount", direction: "DESC" }],
        },
      ],
      [contractList, { customerIds: [CUSTOMER], statuses: ["DELETED"], processingInvoices: false }],
      [
        paymentList,
        {
          customerId: CUSTOMER,
          hasUnappliedAmount: true,
          orderBy: [
            { field: "receivedDate", direction: "DESC" },
            { field: "amountCents", direction: "ASC" },
          ],
        },
      ],
    ] as const;
    for (const [list, values] of cases) {
      const query = (list.apiQuery as (v: object) => string)(values);
      const read = list.load(new URLSearchParams(query)) as Record<string, unknown>;
      for (const [key, value] of Object.entries(values)) expect(read[key]).toEqual(value);
      // The view's query: the same, with the list's defaults where the URL has nothing.
      const viewed = list.load(
        new URLSearchParams((list.viewQuery as (v: object) => string)(values)),
      ) as Record<string, unknown>;
      const defaults = list.defaults as Record<string, unknown>;
      for (const [key, value] of Object.entries(values))
        expect(viewed[key]).toEqual(value ?? defaults[key] ?? null);
    }
  });

  test("the customer page's tables read that customer's records, its issued invoices newest first", () => {
    const view = (shown: "issued" | "unpaid" | "all", voided = false) =>
      customerRecordQueries(CUSTOMER, { shown, voided, invoicesOrderBy: null });
    expect(customerRecordQueries(CUSTOMER)).toEqual({
      invoices: `customerId=${CUSTOMER}&statuses=ISSUED&orderBy=issuedAt:DESC`,
      contracts: `customerIds=${CUSTOMER}`,
      // The API's default order for payments: newest received first.
      payments: `customerId=${CUSTOMER}`,
    });
    expect(view("unpaid").invoices).toBe(
      `customerId=${CUSTOMER}&statuses=ISSUED&hasOutstandingBalance=true&orderBy=issuedAt:DESC`,
    );
    expect(view("all").invoices).toBe(`customerId=${CUSTOMER}&orderBy=issuedAt:DESC`);
    expect(view("all", true).invoices).toBe(
      `customerId=${CUSTOMER}&statuses=DRAFT,APPROVED,ISSUING,ISSUED,VOIDED&orderBy=issuedAt:DESC`,
    );
    expect(
      customerRecordQueries(CUSTOMER, {
        shown: "all",
        voided: false,
        invoicesOrderBy: "issuedAt:ASC",
      }).invoices,
    ).toBe(`customerId=${CUSTOMER}&orderBy=issuedAt:ASC`);
    expect(loadCustomerPage({ invoicesOrderBy: "issuedAt:ASC" }).invoicesOrderBy).toBe(
      "issuedAt:ASC",
    );
    expect(loadCustomerPage({}).invoicesOrderBy).toBeNull();
  });

  test("the invoice list opens on issued invoices, newest first: a URL without filters or orderBy", () => {
    expect(invoiceList.viewQuery(invoiceList.load(new URLSearchParams("")))).toBe(
      "statuses=ISSUED&orderBy=issuedAt:DESC",
    );
    // Any filter replaces the opening one: drafts alone show every draft.
    expect(invoiceList.viewQuery({ needsApproval: true })).toBe(
      "needsApproval=true&orderBy=issuedAt:DESC",
    );
    expect(invoiceList.viewQuery(invoiceList.load(new URLSearchParams("statuses=DRAFT")))).toBe(
      "statuses=DRAFT&orderBy=issuedAt:DESC",
    );
    expect(invoiceList.viewQuery({ orderBy: "issuedAt:ASC" })).toBe(
      "statuses=ISSUED&orderBy=issuedAt:ASC",
    );
    // A link to the list stays as written.
    expect(invoiceList.apiQuery({ needsApproval: true })).toBe("needsApproval=true");
  });
});

describe("value kinds", () => {
  test("booleans: true in any case, anything else false", () => {
    expect(["true", "TRUE", "True", "false", "1", ""].map((v) => parseAsBoolean.parse(v))).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });

  test("literals: only the listed values", () => {
    const health = parseAsStringLiteral(["HEALTHY", "ENDING"]);
    expect(health.parse("HEALTHY")).toBe("HEALTHY");
    expect(health.parse("healthy")).toBeNull();
  });

  test("order: serialized as the API writes it", () => {
    const order = parseAsOrderBy(["a", "b"], 2);
    expect(
      order.serialize([
        { field: "b", direction: "DESC" },
        { field: "a", direction: "ASC" },
      ]),
    ).toBe("b:DESC,a:ASC");
  });
});
