import Link from "@/components/layout/link";
import { currencyOrder, formatMinor } from "@/lib/insights/aggregate";
import type { BucketFigures, ReceivablesData } from "@/lib/insights/receivables";
import { PartPending } from "./part-pending";

const BUCKET_COLORS = [
  "bg-emerald-500",
  "bg-amber-400",
  "bg-orange-500",
  "bg-red-500",
  "bg-red-800",
];

type Buckets = ReceivablesData["buckets"];

/**
 * One bar chart per currency (amounts of different currencies are never put on
 * one scale nor added): a bar per aging bucket, its amount written beside it. A
 * bucket not walked yet says so in place of its bar.
 */
export function AgingChart({
  buckets,
  currencies,
  reading,
}: {
  buckets: Buckets;
  currencies: string[];
  reading: boolean;
}) {
  return (
    <div className="grid gap-4 2xl:grid-cols-2">
      {currencies.map((code) => {
        const values = buckets.map((b) =>
          b.walked ? BigInt(b.walked.outstanding[code] ?? "0") : 0n,
        );
        // biome-ignore lint/complexity/useMathMinMax: BigInt, which Math.max does not take
        const max = values.reduce((m, v) => (v > m ? v : m), 1n);
        return (
          <figure
            key={code}
            className="rounded-md border border-line bg-surface p-4"
            data-chart-currency={code}
          >
            <figcaption className="mb-3 text-sm font-medium">Outstanding in {code}</figcaption>
            <ul className="space-y-2">
              {buckets.map((b, i) => (
                <li
                  key={b.key}
                  className="grid grid-cols-[7rem_1fr_auto] items-center gap-2 text-xs sm:grid-cols-[8.5rem_1fr_auto]"
                >
                  <span className="text-fg-muted">{b.label}</span>
                  <span aria-hidden="true" className="h-3 rounded bg-surface-muted">
                    {b.walked ? (
                      <span
                        className={`block h-3 rounded ${BUCKET_COLORS[i]}`}
                        style={{
                          width: `${Number((values[i]! * 1000n) / max) / 10}%`,
                          minWidth: values[i]! > 0n ? 2 : 0,
                        }}
                      />
                    ) : null}
                  </span>
                  <span className="whitespace-nowrap text-right tabular-nums">
                    {b.walked ? formatMinor(values[i]!, code) : reading ? "Reading…" : "—"}
                  </span>
                </li>
              ))}
            </ul>
          </figure>
        );
      })}
    </div>
  );
}

function Cell({ figures, code }: { figures: BucketFigures; code: string }) {
  const count = figures.counts[code] ?? 0;
  return (
    <td className="px-3 py-2 text-right tabular-nums" data-currency={code}>
      <span className="block" data-amount>
        {formatMinor(figures.outstanding[code] ?? "0", code)}
      </span>
      <span className="block text-xs text-fg-muted" data-count={count}>
        {count.toLocaleString("en-US")} {count === 1 ? "invoice" : "invoices"}
      </span>
    </td>
  );
}

/**
 * The same figures as a table: a row per bucket, a column per currency, totals per
 * currency. A bucket shows as soon as its own walk ends; the totals once all have.
 */
export function AgingTable({
  buckets,
  totals,
  currencies,
  allHref,
  reading,
}: {
  buckets: Buckets;
  totals: BucketFigures | null;
  currencies: string[];
  allHref: string;
  reading: boolean;
}) {
  return (
    <div className="overflow-x-auto rounded-md border border-line bg-surface">
      <table className="w-full text-sm" aria-label="Aging of outstanding invoices">
        <thead className="bg-surface-muted text-left text-fg-muted">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Due
            </th>
            {currencies.map((code) => (
              <th key={code} scope="col" className="px-3 py-2 text-right font-medium">
                {code}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {buckets.map((b) => (
            <tr
              key={b.key}
              className="border-t border-line"
              data-bucket={b.key}
              aria-busy={!b.walked && reading}
            >
              <th scope="row" className="px-3 py-2 text-left font-normal">
                <Link href={b.href} className="text-accent hover:underline">
                  {b.label}
                </Link>
              </th>
              {b.walked ? (
                currencies.map((code) => <Cell key={code} figures={b.walked!} code={code} />)
              ) : (
                <td colSpan={Math.max(1, currencies.length)} className="px-3 py-2 text-right">
                  <PartPending reading={reading} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t-2 border-line-strong font-medium" data-bucket="total">
            <th scope="row" className="px-3 py-2 text-left">
              <Link href={allHref} className="text-accent hover:underline">
                Total per currency
              </Link>
            </th>
            {totals ? (
              currencies.map((code) => <Cell key={code} figures={totals} code={code} />)
            ) : (
              <td colSpan={Math.max(1, currencies.length)} className="px-3 py-2 text-right">
                <span className="text-sm font-normal text-fg-subtle">
                  Once every bucket is read
                </span>
              </td>
            )}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** The currencies of the buckets walked so far, in display order. */
export function currenciesOf(buckets: Buckets): string[] {
  return currencyOrder(buckets.flatMap((b) => (b.walked ? Object.keys(b.walked.counts) : [])));
}
