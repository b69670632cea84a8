import Link from "next/link";
import { HealthBadge } from "@/components/badges";
import { formatEndDate } from "@/lib/format";
import type { RenewalRow } from "@/lib/insights/renewals";
import { MoneyLines } from "./money-lines";

/** Customers due for renewal or ending, by the end of their coverage contract. */
export function RenewalsTable({ rows }: { rows: RenewalRow[] }) {
  if (rows.length === 0)
    return <p className="text-sm text-slate-600">No customer is due for renewal or ending.</p>;
  return (
    <div className="overflow-x-auto rounded-md border border-slate-200 bg-white">
      <table className="w-full text-sm" aria-label="Renewals">
        <thead className="bg-slate-50 text-left text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Customer
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Health
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Coverage ends
            </th>
            <th
              scope="col"
              className="px-3 py-2 text-right font-medium"
              title="Days of coverage left, today included"
            >
              Days left
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Auto-renew
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Renewed
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Contract value
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Remaining to invoice
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} className="border-t border-slate-100" data-customer-id={r.id}>
              <td className="px-3 py-2">
                <Link href={`/customers/${r.id}`} className="text-blue-700 hover:underline">
                  {r.name}
                </Link>
              </td>
              <td className="px-3 py-2">
                <HealthBadge health={r.health} />
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{formatEndDate(r.endAt)}</td>
              <td className="px-3 py-2 text-right tabular-nums" data-days-left>
                {r.daysLeft ?? "—"}
              </td>
              <td className="px-3 py-2">{r.autoRenew ? "Yes" : "No"}</td>
              <td className="px-3 py-2">{r.renewed ? "Yes" : "No"}</td>
              <td className="px-3 py-2 text-right">
                <MoneyLines sums={r.contractValue} />
              </td>
              <td className="px-3 py-2 text-right">
                <MoneyLines sums={r.remainingToInvoice} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
