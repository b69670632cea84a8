import type { InvoiceRecord } from "@/lib/api/client";
import { formatMoney, formatMoneyByCurrency, formatPeriod } from "@/lib/format";

type Line = NonNullable<InvoiceRecord["lines"]>[number];

/** Sum of the lines per currency: currencies are never added together. */
function sumOfLines(lines: Line[]): Record<string, { value: number; currencyCode: string }> {
  const sums: Record<string, { value: number; currencyCode: string }> = {};
  for (const line of lines) {
    const code = line.amount.currencyCode;
    sums[code] = { value: (sums[code]?.value ?? 0) + line.amount.value, currencyCode: code };
  }
  return sums;
}

/** The invoice's lines, summed per currency; says so when there are none or the API sent none. */
export function InvoiceLines({ invoice }: { invoice: InvoiceRecord }) {
  const lines = invoice.lines ?? [];
  const sums = formatMoneyByCurrency(sumOfLines(lines));
  return (
    <section aria-labelledby="lines-heading" className="mt-6">
      <h2 id="lines-heading" className="mb-2 text-base font-medium">
        Lines
      </h2>
      {lines.length === 0 ? (
        <p className="text-sm text-fg-muted">
          {invoice.lines === null
            ? "The API did not send the lines."
            : "This invoice has no lines."}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-md border border-line bg-surface">
          <table className="w-full text-sm">
            <caption className="sr-only">Lines of invoice {invoice.number}</caption>
            <thead className="bg-surface-muted text-left text-xs uppercase tracking-wide text-fg-muted">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Description
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Billing period
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <tr key={line.id} className="border-t border-line">
                  <td className="px-3 py-2">{line.description}</td>
                  <td className="px-3 py-2">
                    {formatPeriod(line.billingStartAt, line.billingEndAt)}
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatMoney(line.amount)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="border-t border-line-strong font-medium">
                <th scope="row" colSpan={2} className="px-3 py-2 text-left">
                  Sum of {lines.length} line{lines.length === 1 ? "" : "s"}
                </th>
                <td className="px-3 py-2 text-right tabular-nums">
                  {sums.map((sum) => (
                    <div key={sum}>{sum}</div>
                  ))}
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </section>
  );
}
