"use client";

import { useState } from "react";
import Link from "@/components/layout/link";

/** One customer's row, worked out on the server (figures as numbers for sorting, money as text). */
export interface SlowPayerRow {
  customerId: string;
  /** the current name; else the name billed last */
  name: string;
  state: "found" | "deleted" | "not-read";
  billedAs: string | null;
  paid: number;
  averageDays: number;
  medianDays: number;
  /** null when none of its invoices had a due day */
  lateShare: number | null;
  /** per currency: "$1,200.00 owed, DSO 45 days" */
  accounts: string[];
  customerHref: string;
  paidHref: string;
}

const SORTS = {
  name: {
    label: "Customer",
    compare: (a: SlowPayerRow, b: SlowPayerRow) => a.name.localeCompare(b.name),
  },
  paid: { label: "Paid in full", compare: (a: SlowPayerRow, b: SlowPayerRow) => a.paid - b.paid },
  averageDays: {
    label: "Average days",
    compare: (a: SlowPayerRow, b: SlowPayerRow) => a.averageDays - b.averageDays,
  },
  medianDays: {
    label: "Median days",
    compare: (a: SlowPayerRow, b: SlowPayerRow) => a.medianDays - b.medianDays,
  },
  lateShare: {
    label: "Paid late",
    compare: (a: SlowPayerRow, b: SlowPayerRow) => (a.lateShare ?? -1) - (b.lateShare ?? -1),
  },
} as const;
type SortKey = keyof typeof SORTS;

const days = (n: number) => n.toLocaleString("en-US", { maximumFractionDigits: 1 });
const share = (n: number | null) =>
  n === null ? "—" : n.toLocaleString("en-US", { style: "percent", maximumFractionDigits: 1 });

function CustomerCell({ row }: { row: SlowPayerRow }) {
  return (
    <th scope="row" className="px-3 py-2 text-left align-top font-normal">
      <Link href={row.customerHref} className="text-accent hover:underline">
        {row.name}
      </Link>
      {row.state === "deleted" ? (
        <span className="ml-2 rounded bg-warning-soft px-1.5 text-xs text-warning">deleted</span>
      ) : null}
      {row.state === "not-read" ? (
        <span className="block text-xs text-fg-muted">name as billed (record not readable)</span>
      ) : null}
      {row.state === "found" && row.billedAs && row.billedAs !== row.name ? (
        <span className="block text-xs text-fg-muted">billed as {row.billedAs}</span>
      ) : null}
    </th>
  );
}

/** The slowest payers of the range, sortable by each figure (slowest first to start). */
export function SlowestPayersTable({ rows }: { rows: SlowPayerRow[] }) {
  const [sort, setSort] = useState<{ key: SortKey; descending: boolean }>({
    key: "averageDays",
    descending: true,
  });
  const sorted = [...rows].sort((a, b) => {
    const order = SORTS[sort.key].compare(a, b);
    return sort.descending ? -order : order;
  });
  const header = (key: SortKey, align: "left" | "right") => (
    <th
      scope="col"
      className={`px-3 py-2 font-medium ${align === "left" ? "text-left" : "text-right"}`}
      aria-sort={sort.key === key ? (sort.descending ? "descending" : "ascending") : "none"}
    >
      <button
        type="button"
        className="rounded hover:underline focus-visible:outline-2 focus-visible:outline-accent"
        onClick={() =>
          setSort((s) => ({ key, descending: s.key === key ? !s.descending : key !== "name" }))
        }
      >
        {SORTS[key].label}
        <span aria-hidden="true">{sort.key === key ? (sort.descending ? " ↓" : " ↑") : ""}</span>
      </button>
    </th>
  );
  return (
    <div className="overflow-x-auto rounded-md border border-line bg-surface">
      <table className="w-full text-sm" aria-label="Slowest payers">
        <thead className="bg-surface-muted text-fg-muted">
          <tr>
            {header("name", "left")}
            {header("paid", "right")}
            {header("averageDays", "right")}
            {header("medianDays", "right")}
            {header("lateShare", "right")}
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Owed now, DSO
            </th>
          </tr>
        </thead>
        <tbody>
          {sorted.map((row) => (
            <tr
              key={row.customerId}
              className="border-t border-line"
              data-customer={row.customerId}
            >
              <CustomerCell row={row} />
              <td className="px-3 py-2 text-right align-top tabular-nums">
                <Link href={row.paidHref} className="text-accent hover:underline">
                  {row.paid.toLocaleString("en-US")}
                </Link>
              </td>
              <td className="px-3 py-2 text-right align-top tabular-nums" data-average>
                {days(row.averageDays)}
              </td>
              <td className="px-3 py-2 text-right align-top tabular-nums" data-median>
                {days(row.medianDays)}
              </td>
              <td className="px-3 py-2 text-right align-top tabular-nums" data-late>
                {share(row.lateShare)}
              </td>
              <td className="px-3 py-2 text-right align-top text-xs tabular-nums" data-accounts>
                {row.accounts.length === 0
                  ? "Nothing owed"
                  : row.accounts.map((line) => (
                      <span key={line} className="block whitespace-nowrap">
                        {line}
                      </span>
                    ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
