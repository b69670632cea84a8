/**
 * Each list's table columns are its definition's (lib/lists/<list>.ts, `columns`), in
 * that order, whatever the page leaves out; and the chooser's writes: what a tick
 * makes of the URL's choice (components/data-table/table-columns.ts).
 */
import { describe, expect, test } from "vitest";
import { contractList } from "@/lib/lists/contracts";
import { customerList } from "@/lib/lists/customers";
import { invoiceList } from "@/lib/lists/invoices";
import { paymentList } from "@/lib/lists/payments";
import { contractColumns } from "../contracts/contract-columns";
import { customerColumns } from "../customers/customer-columns";
import { invoiceColumns } from "../invoices/invoice-columns";
import { paymentColumns } from "../payments/payment-columns";
import { fitColumns, shownAt } from "./column-fit";
import {
  choiceAfterToggle,
  choosableColumns,
  chosenVisibility,
  columnIdOf,
  type TableColumn,
} from "./table-columns";

test.each([
  ["invoices", invoiceColumns(), invoiceList.columns],
  ["customers", customerColumns(), customerList.columns],
  ["contracts", contractColumns(), contractList.columns],
  ["payments", paymentColumns(), paymentList.columns],
] as const)("%s: the table's columns are the list definition's", (_name, columns, ids) => {
  expect(choosableColumns(columns as TableColumn<unknown>[]).map(columnIdOf)).toEqual([...ids]);
});

test("one customer's invoices: the billed name after the number, no customer column", () => {
  const ids = choosableColumns(
    invoiceColumns({ hideCustomer: true, currentCustomerName: "A" }),
  ).map(columnIdOf);
  expect(ids.slice(0, 3)).toEqual(["number", "billedName", "contract"]);
  expect(ids).not.toContain("customer");
});

describe("the chooser's writes", () => {
  const columns = invoiceColumns();

  test("a tick shows a column on top, an untick hides one the priority showed", () => {
    let choice = choiceAfterToggle(columns, null, "delivery", true);
    expect(choice).toEqual({ delivery: true });
    choice = choiceAfterToggle(columns, choice, "dueAt", false);
    expect(invoiceList.display.columns.serialize(choice!)).toBe("-dueAt,delivery");
  });

  test("a column hidden by default goes back to its default when unticked: no parameter left", () => {
    const shown = choiceAfterToggle(columns, null, "contract", true);
    expect(shown).toEqual({ contract: true });
    expect(choiceAfterToggle(columns, shown, "contract", false)).toBeNull();
  });

  test("the URL's choice over the list's defaults decides what shows", () => {
    const widths = Object.fromEntries(columns.map((c) => [columnIdOf(c), 150]));
    const shown = (choice: ReturnType<typeof invoiceList.display.columns.parse>) =>
      shownAt(fitColumns(columns, chosenVisibility(columns, choice), widths), 1030);
    expect(shown(null).has("contract")).toBe(false);
    expect(shown(null).has("number")).toBe(true);
    const chosen = shown(invoiceList.display.columns.parse("contract,-customer,-number"));
    expect(chosen.has("contract")).toBe(true);
    expect(chosen.has("customer")).toBe(false);
    // The identifying column cannot be hidden.
    expect(chosen.has("number")).toBe(true);
  });
});
