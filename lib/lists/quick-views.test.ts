import { describe, expect, it } from "vitest";
import { contractList } from "./contracts";
import { customerInvoicesHref } from "./customer-invoices";
import { customerList } from "./customers";
import { invoiceList } from "./invoices";
import { paymentList } from "./payments";
import {
  contractQuickViews,
  currentQuickView,
  customerQuickViews,
  invoiceQuickViews,
  paymentQuickViews,
  quickViewHref,
} from "./quick-views";

const TODAY = Date.parse("2026-11-22T00:00:00.000Z");
const invoiceViews = invoiceQuickViews(TODAY);
const paymentViews = paymentQuickViews();
const customerViews = customerQuickViews();
const contractViews = contractQuickViews();
const queryOf = (id: string) => invoiceViews.find((v) => v.id === id)?.query;

describe("invoice quick views", () => {
  it("filter as the API reads them, on the given day", () => {
    const read = (id: string) => Object.fromEntries(new URLSearchParams(queryOf(id)));
    // Spelled out: the list without filters opens on Issued.
    expect(read("all")).toEqual({ statuses: "DRAFT,APPROVED,ISSUING,ISSUED" });
    expect(read("issued")).toEqual({ statuses: "ISSUED" });
    expect(read("unpaid")).toEqual({ statuses: "ISSUED", hasOutstandingBalance: "true" });
    // Due before today: due today is not yet overdue.
    expect(read("overdue")).toEqual({
      statuses: "ISSUED",
      hasOutstandingBalance: "true",
      dueDateEndAt: "2026-11-21T23:59:59.999Z",
    });
    expect(read("approval")).toEqual({ needsApproval: "true" });
    // Planned from tomorrow on, the next to issue first.
    expect(read("upcoming")).toEqual({
      issueDateStartAt: "2026-11-23",
      orderBy: "issuedAt:ASC",
    });
  });

  it("are links the list reads back as written (each a valid URL of the list)", () => {
    for (const view of invoiceViews)
      expect(invoiceList.apiQuery(invoiceList.load(new URLSearchParams(view.query)))).toBe(
        view.query,
      );
    for (const view of paymentViews)
      expect(paymentList.apiQuery(paymentList.load(new URLSearchParams(view.query)))).toBe(
        view.query,
      );
    for (const view of customerViews)
      expect(customerList.apiQuery(customerList.load(new URLSearchParams(view.query)))).toBe(
        view.query,
      );
    expect(customerViews.map((v) => v.query)).toEqual([
      "",
      "contractHealths=RENEWAL_DUE",
      "contractHealths=ENDING",
      "contractHealths=NO_ACTIVE_CONTRACT",
    ]);
    for (const view of contractViews)
      expect(contractList.apiQuery(contractList.load(new URLSearchParams(view.query)))).toBe(
        view.query,
      );
    // Deleted contracts only ever on a Status picked by hand.
    expect(contractViews.map((v) => v.query)).toEqual([
      "",
      "statuses=ACTIVE",
      "statuses=DRAFT",
      "statuses=EXPIRED,CANCELLED",
    ]);
  });

  it("each has its own filters: no two mark the same URL", () => {
    for (const view of invoiceViews)
      expect(currentQuickView("invoices", invoiceViews, view.query)).toBe(view.id);
    for (const view of paymentViews)
      expect(currentQuickView("payments", paymentViews, view.query)).toBe(view.id);
    for (const view of customerViews)
      expect(currentQuickView("customers", customerViews, view.query)).toBe(view.id);
    for (const view of contractViews)
      expect(currentQuickView("contracts", contractViews, view.query)).toBe(view.id);
    // Two healths at once are the person's own view.
    expect(
      currentQuickView("customers", customerViews, "contractHealths=RENEWAL_DUE,ENDING"),
    ).toBeNull();
  });
});

describe("the current quick view", () => {
  it("is the one whose filters the URL holds, whatever the order and the columns", () => {
    // The list without filters opens on Issued, and marks it.
    expect(currentQuickView("invoices", invoiceViews, "")).toBe("issued");
    expect(currentQuickView("invoices", invoiceViews, "orderBy=issuedAt:ASC")).toBe("issued");
    expect(
      currentQuickView("invoices", invoiceViews, "statuses=ISSUED,DRAFT,APPROVED,ISSUING"),
    ).toBe("all");
    expect(currentQuickView("payments", paymentViews, "")).toBe("all");
    expect(currentQuickView("invoices", invoiceViews, "columns=number,total&statuses=ISSUED")).toBe(
      "issued",
    );
    // Parameters in another order, as a person may type them.
    expect(
      currentQuickView("invoices", invoiceViews, "hasOutstandingBalance=true&statuses=ISSUED"),
    ).toBe("unpaid");
    // Reversed, Upcoming is still Upcoming.
    expect(
      currentQuickView(
        "invoices",
        invoiceViews,
        "issueDateStartAt=2026-11-23&orderBy=issuedAt:DESC",
      ),
    ).toBe("upcoming");
    expect(currentQuickView("payments", paymentViews, "isAttributed=false")).toBe("unattributed");
    // Statuses in another order: the same set.
    expect(currentQuickView("contracts", contractViews, "statuses=CANCELLED,EXPIRED")).toBe(
      "ended",
    );
  });

  it("stays on the view a filter no view sets narrows: a customer, a due date range, invoices being processed", () => {
    const customer = "customerIds=0b6d2f7e-3c1a-4d5e-9f80-1a2b3c4d5e6f";
    expect(currentQuickView("invoices", invoiceViews, `statuses=ISSUED&${customer}`)).toBe(
      "issued",
    );
    expect(
      currentQuickView(
        "invoices",
        invoiceViews,
        `${customer}&statuses=ISSUED&hasOutstandingBalance=true&orderBy=issuedAt:ASC`,
      ),
    ).toBe("unpaid");
    expect(currentQuickView("invoices", invoiceViews, customer)).toBe("all");
    expect(
      currentQuickView(
        "invoices",
        invoiceViews,
        `${queryOf("overdue")}&customerId=0b6d2f7e-3c1a-4d5e-9f80-1a2b3c4d5e6f`,
      ),
    ).toBe("overdue");
    expect(
      currentQuickView("contracts", contractViews, "statuses=ACTIVE&processingInvoices=true"),
    ).toBe("active");
    expect(
      currentQuickView(
        "payments",
        paymentViews,
        "hasUnappliedAmount=true&customerId=0b6d2f7e-3c1a-4d5e-9f80-1a2b3c4d5e6f",
      ),
    ).toBe("unapplied");
  });

  it("is none once a filter a view sets is changed by hand", () => {
    expect(currentQuickView("invoices", invoiceViews, "statuses=ISSUED,VOIDED")).toBeNull();
    // A date range is one filter: a start of one's own on Overdue's due days is a range of one's own.
    expect(
      currentQuickView("invoices", invoiceViews, `${queryOf("overdue")}&dueDateStartAt=2026-01-01`),
    ).toBeNull();
    // Unpaid with fully paid ones asked for, or Issued with a balance filter of its own.
    expect(
      currentQuickView("invoices", invoiceViews, "statuses=ISSUED&hasOutstandingBalance=false"),
    ).toBeNull();
    expect(
      currentQuickView("invoices", invoiceViews, "needsApproval=true&statuses=DRAFT"),
    ).toBeNull();
    // Overdue as of another day is a date range of the person's own.
    expect(
      currentQuickView(
        "invoices",
        invoiceViews,
        invoiceQuickViews(TODAY - 86_400_000)[3]?.query ?? "",
      ),
    ).toBeNull();
    expect(currentQuickView("payments", paymentViews, "isAttributed=true")).toBeNull();
    expect(currentQuickView("contracts", contractViews, "statuses=EXPIRED")).toBeNull();
    expect(
      currentQuickView("customers", customerViews, "contractHealths=HEALTHY&search=wiza"),
    ).toBeNull();
  });
});

describe("a quick view's link", () => {
  const CUSTOMER = "0b6d2f7e-3c1a-4d5e-9f80-1a2b3c4d5e6f";
  const view = (id: string) => invoiceViews.find((v) => v.id === id)!;

  it("drops both ends of a date range a view sets one end of", () => {
    const here = `customerIds=${CUSTOMER}&dueDateStartAt=2026-11-17&dueDateEndAt=2026-11-26T23:59:59.999Z`;
    expect(quickViewHref("invoices", invoiceViews, view("overdue"), here)).toBe(
      `/invoices?customerIds=${CUSTOMER}&${queryOf("overdue")}`,
    );
  });

  it("keeps the filters no view sets, and drops those of the view it leaves", () => {
    const here = `customerIds=${CUSTOMER}&${queryOf("unpaid")}&columns=number&orderBy=issuedAt:ASC`;
    expect(quickViewHref("invoices", invoiceViews, view("overdue"), here)).toBe(
      `/invoices?customerIds=${CUSTOMER}&${queryOf("overdue")}`,
    );
    expect(quickViewHref("invoices", invoiceViews, view("all"), here)).toBe(
      `/invoices?customerIds=${CUSTOMER}`,
    );
    expect(quickViewHref("invoices", invoiceViews, view("upcoming"), here)).toBe(
      `/invoices?customerIds=${CUSTOMER}&issueDateStartAt=2026-11-23&orderBy=issuedAt:ASC`,
    );
    // Nothing to keep: the view's own link.
    expect(quickViewHref("invoices", invoiceViews, view("issued"), queryOf("overdue")!)).toBe(
      `/invoices?${queryOf("issued")}`,
    );
    // The bare list opens on Issued, so All's own link spells its statuses out.
    expect(quickViewHref("invoices", invoiceViews, view("all"), "statuses=DRAFT")).toBe(
      `/invoices?${queryOf("all")}`,
    );
  });

  it("from a customer, opens the Invoices list on its issued or unpaid invoices, the Issued and Unpaid views", () => {
    const issued = customerInvoicesHref(CUSTOMER, "issued").split("?")[1]!;
    const unpaid = customerInvoicesHref(CUSTOMER, "unpaid").split("?")[1]!;
    expect(issued).toBe(`customerIds=${CUSTOMER}&statuses=ISSUED`);
    expect(currentQuickView("invoices", invoiceViews, issued)).toBe("issued");
    expect(currentQuickView("invoices", invoiceViews, unpaid)).toBe("unpaid");
    expect(customerInvoicesHref(CUSTOMER, "all")).toBe(`/invoices?customerIds=${CUSTOMER}`);
  });
});
