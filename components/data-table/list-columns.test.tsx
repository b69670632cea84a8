/**
 * The ids the `columns` URL parameter may name are each list definition's
 * (lib/lists/<list>.ts, `columns`); the tables' columns must be those, or a chosen
 * column would be dropped from the URL. And the chooser's writes: what a tick
 * makes of the URL's choice (components/data-table/table-parts.tsx).
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
import {
  choiceAfterToggle,
  choosableColumns,
  chosenVisibility,
  columnIdOf,
  fittedVisibility,
} from "./table-parts";

test.each([
  ["invoices", invoiceColumns(), invoiceList.columns],
  ["customers", customerColumns(), customerList.columns],
  ["contracts", contractColumns(), contractList.columns],
  ["payments", paymentColumns(), paymentList.columns],
] as const)("%s: the table's columns are the list definition's", (_name, columns, ids) => {
  expect(choosableColumns(columns as never[]).map(columnIdOf)).toEqual([...ids]);
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
    const automatic = fittedVisibility(columns, chosenVisibility(columns, null), widths, 1030);
    expect(automatic.contract).toBe(false);
    expect(automatic.number).toBe(true);
    const choice = invoiceList.display.columns.parse("contract,-customer,-number");
    const chosen = fittedVisibility(columns, chosenVisibility(columns, choice), widths, 1030);
    expect(chosen.contract).toBe(true);
    expect(chosen.customer).toBe(false);
    // The identifying column cannot be hidden.
    expect(chosen.number).toBe(true);
  });
});
