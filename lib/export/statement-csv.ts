/**
 * A statement as CSV, the view the page shows: its activity (opening balance, each
 * invoice and payment with the running balance, closing balance) or its open items,
 * per currency. Amounts are exact decimals beside a `currency` column; days are
 * YYYY-MM-DD (lib/export/columns.ts's rules).
 */
import { minorToDecimal } from "@/lib/insights/aggregate";
import type { Statement } from "@/lib/statement/compute";
import type { StatementView } from "@/lib/statement/period";

export const ACTIVITY_HEADER = [
  "currency",
  "date",
  "entry",
  "invoiceNumber",
  "invoiceId",
  "dueDate",
  "charge",
  "payment",
  "balance",
];

export const OPEN_ITEMS_HEADER = [
  "currency",
  "invoiceNumber",
  "invoiceId",
  "issuedDate",
  "dueDate",
  "daysPastDue",
  "agingBucket",
  "total",
  "paid",
  "open",
  "pendingCardPayments",
];

const amount = (minor: string) => (minor === "0" ? "" : minorToDecimal(minor));

function activityRecords(statement: Statement): string[][] {
  const { from, to } = statement.period;
  return statement.statements.flatMap((s) => [
    [s.currency, from, "opening balance", "", "", "", "", "", minorToDecimal(s.opening)],
    ...s.lines.map((l) => [
      s.currency,
      l.date,
      l.kind === "invoice" ? "invoice" : l.paidInFull ? "paid in full" : "paid in part",
      l.number,
      l.invoiceId,
      l.dueDate ?? "",
      amount(l.charge),
      amount(l.payment),
      minorToDecimal(l.balance),
    ]),
    [
      s.currency,
      to,
      "closing balance",
      "",
      "",
      "",
      minorToDecimal(s.charges),
      minorToDecimal(s.payments),
      minorToDecimal(s.closing),
    ],
  ]);
}

function openItemRecords(statement: Statement): string[][] {
  return statement.statements.flatMap((s) =>
    s.openItems.map((o) => [
      s.currency,
      o.number,
      o.invoiceId,
      o.issuedDate,
      o.dueDate ?? "",
      o.daysPastDue === null ? "" : String(o.daysPastDue),
      o.bucket,
      minorToDecimal(o.total),
      minorToDecimal(o.paid),
      minorToDecimal(o.open),
      minorToDecimal(o.pending),
    ]),
  );
}

/** The header and records of a statement's CSV, for the view asked for. */
export function statementCsvRecords(statement: Statement, view: StatementView): string[][] {
  return view === "activity"
    ? [ACTIVITY_HEADER, ...activityRecords(statement)]
    : [OPEN_ITEMS_HEADER, ...openItemRecords(statement)];
}

/** "statement-1a2b3c4d-2025-11-23-to-2026-11-22.csv" (the customer by its id's first part). */
export function statementFileName(
  customerId: string,
  statement: Statement,
  view: StatementView,
): string {
  const { from, to } = statement.period;
  return `statement-${customerId.slice(0, 8).toLowerCase()}-${from}-to-${to}${view === "open-items" ? "-open-items" : ""}.csv`;
}
